import { BACKGROUND_SETS, LOGO_IMAGE_ID, STROBE_TEXTURE_ID } from '@croft/contracts';
import type { ArtGenerator } from './art/types';
import { home } from './art/home';
import { cafe } from './art/cafe';
import { cocktails } from './art/cocktails';
import { beer } from './art/beer';
import { kitchens } from './art/kitchens';
import { hall } from './art/hall';
import { community } from './art/community';
import { commonRoom } from './art/common-room';
import { brand } from './art/brand';

/** Every generator, by image id (the ids of libs/contracts/src/imagery.ts). */
const GENERATORS: Record<string, ArtGenerator> = {
  ...home,
  ...cafe,
  ...cocktails,
  ...beer,
  ...kitchens,
  ...hall,
  ...community,
  ...commonRoom,
  [STROBE_TEXTURE_ID]: brand.strobe,
  [LOGO_IMAGE_ID]: brand.logo,
};

export interface CatalogueEntry {
  id: string;
  generate: ArtGenerator;
}

/**
 * The images to render: every background set entry, the strobe texture and the
 * logo. Fails loudly when the catalogue names an image no generator draws (or
 * a generator draws one the catalogue no longer lists), so names never drift.
 */
export function imageCatalogue(): CatalogueEntry[] {
  const ids = [...Object.values(BACKGROUND_SETS).flatMap((set) => set.map((image) => image.id)), STROBE_TEXTURE_ID, LOGO_IMAGE_ID];
  const missing = ids.filter((id) => !GENERATORS[id]);
  if (missing.length) throw new Error(`imagery: no artwork generator for ${missing.join(', ')}`);
  const unknown = Object.keys(GENERATORS).filter((id) => !ids.includes(id));
  if (unknown.length) throw new Error(`imagery: generators for ids not in the catalogue: ${unknown.join(', ')}`);
  return ids.map((id) => ({ id, generate: GENERATORS[id] }));
}
