import type { Rng } from './svg';

/** One poster: markup inside a 1920×1280 viewBox, plus optional <defs>. */
export interface Artwork {
  inner: string;
  defs?: string;
}
export type ArtGenerator = (rng: Rng) => Artwork;
