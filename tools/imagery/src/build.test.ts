import { mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_SETS, IMAGE_ASPECT, IMAGE_FORMATS, IMAGE_WIDTHS, LOGO_IMAGE_ID, STROBE_TEXTURE_ID } from '@croft/contracts';
import { STAMP_FILE, buildImagery, imageFileName, planImagery, renderImage, sizeTable } from './build';
import type { BuildImageryResult } from './build';
import { imageCatalogue } from './catalogue';

const ids = [...Object.values(BACKGROUND_SETS).flatMap((set) => set.map((i) => i.id)), STROBE_TEXTURE_ID, LOGO_IMAGE_ID];

describe('buildImagery', () => {
  let outDir: string;
  let first: BuildImageryResult;

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'croft-imagery-'));
    first = await buildImagery({ outDir });
  }, 600_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('renders every catalogue id at every width in every format', async () => {
    expect(first.skipped).toBe(false);
    expect(first.rendered).toBe(ids.length * IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
    expect(first.images).toHaveLength(ids.length * IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
    for (const id of ids) {
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          const file = path.join(outDir, `${id}-${width}.${format}`);
          expect((await stat(file)).size, file).toBeGreaterThan(200);
        }
      }
    }
    expect(imageFileName('cafe-1', 768, 'avif')).toBe('cafe-1-768.avif');
  });

  it('writes 3:2 images at the named width, in the named format, with no metadata', async () => {
    for (const id of ['home-1', 'kitchens-3', STROBE_TEXTURE_ID, LOGO_IMAGE_ID]) {
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          const meta = await sharp(path.join(outDir, `${id}-${width}.${format}`)).metadata();
          expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
          if (format === 'avif') expect(meta.compression).toBe('av1');
          expect(meta.width).toBe(width);
          expect(meta.height).toBe(Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width));
          expect(meta.exif).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
          expect(meta.iptc).toBeUndefined();
        }
      }
    }
  });

  it('keeps files within the size budget (480w AVIF < 25 KB, 1920w AVIF < 120 KB)', () => {
    for (const image of first.images.filter((i) => i.format === 'avif')) {
      if (image.width === 480) expect(image.bytes, image.file).toBeLessThan(25 * 1024);
      if (image.width === 1920) expect(image.bytes, image.file).toBeLessThan(120 * 1024);
    }
    const table = sizeTable(first.images);
    expect(table.split('\n')).toHaveLength(ids.length + 2);
    expect(table).toMatch(/^home-1\s+\d+\.\d KB/m);
  });

  it('also writes the logo as SVG, drawn without fonts', async () => {
    expect(first.svgs).toEqual([`${LOGO_IMAGE_ID}.svg`]);
    const svg = await readFile(path.join(outDir, `${LOGO_IMAGE_ID}.svg`), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|font-family/);
  });

  it('is deterministic: re-rendering an image gives the same bytes', async () => {
    for (const [id, width, format] of [['cafe-2', 480, 'avif'], ['beer-2', 768, 'webp']] as const) {
      const again = await renderImage(id, width, format);
      expect(again.equals(await readFile(path.join(outDir, `${id}-${width}.${format}`)))).toBe(true);
    }
    // Different artwork per id.
    const a = await renderImage('hall-1', 480, 'webp');
    const b = await renderImage('hall-2', 480, 'webp');
    expect(a.equals(b)).toBe(false);
  });

  it('skips a second run (stamp) and rebuilds when a file is missing or forced', async () => {
    const stamp = JSON.parse(await readFile(path.join(outDir, STAMP_FILE), 'utf8')) as { hash: string };
    expect(stamp.hash).toBe(first.hash);

    const started = Date.now();
    const second = await buildImagery({ outDir });
    expect(second.skipped).toBe(true);
    expect(second.images).toEqual(first.images);
    expect(Date.now() - started).toBeLessThan(2_000);

    // A missing file is rendered again, alone.
    const victim = path.join(outDir, 'cocktails-1-480.webp');
    const before = await readFile(victim);
    await unlink(victim);
    const third = await buildImagery({ outDir });
    expect(third.skipped).toBe(false);
    expect(third.rendered).toBe(1);
    expect((await readFile(victim)).equals(before)).toBe(true);
    expect(third.images).toEqual(first.images);

    // A stale stamp (generator or catalogue changed) is not trusted: everything is redone.
    await writeFile(path.join(outDir, STAMP_FILE), JSON.stringify({ ...stamp, hash: 'stale' }));
    const stale = await planImagery({ outDir });
    expect(stale.todo).toHaveLength(first.images.length);
    expect(stale.keep).toHaveLength(0);
    expect(stale.writeSvg).toBe(true);
    const forced = await planImagery({ outDir, force: true });
    expect(forced.todo).toHaveLength(first.images.length);
  }, 600_000);

  it('fails loudly for an unknown image id', async () => {
    await expect(renderImage('no-such-image', 480, 'avif')).rejects.toThrow('unknown image id "no-such-image"');
    expect(imageCatalogue().map((c) => c.id)).toEqual(ids);
  });
});
