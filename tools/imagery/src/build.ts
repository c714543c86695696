import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, LOGO_IMAGE_ID, imageUrl } from '@croft/contracts';
import type { ImageFormat, ImageWidth } from '@croft/contracts';
import { imageCatalogue } from './catalogue';
import { seededRng, svgDocument } from './art/svg';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../../..');
const CATALOGUE_SOURCE = path.join(REPO, 'libs/contracts/src/imagery.ts');

/** Encoder settings (part of the stamp: changing them rebuilds). */
export const ENCODERS = {
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 70, effort: 4, smartSubsample: true },
} as const;

export const STAMP_FILE = '.imagery-stamp.json';

export interface BuiltImage {
  id: string;
  width: ImageWidth;
  format: ImageFormat;
  /** Path relative to outDir, e.g. cafe-1-768.avif */
  file: string;
  bytes: number;
}

export interface BuildImageryOptions {
  /** Where the files go (the gateway serves it at /images). */
  outDir: string;
  /** Rebuild even when the stamp says the output is current. */
  force?: boolean;
  /** Progress lines (default: silent). */
  log?: (line: string) => void;
}

export interface BuildImageryResult {
  outDir: string;
  /** True when the stamp matched and nothing was rendered. */
  skipped: boolean;
  /** How many image files were encoded in this run. */
  rendered: number;
  hash: string;
  images: BuiltImage[];
  /** Vector copies (the logo), relative to outDir. */
  svgs: string[];
}

interface Stamp {
  hash: string;
  images: BuiltImage[];
  svgs: string[];
}

/** The file name imageUrl() points at, relative to the images directory. */
export const imageFileName = (id: string, width: ImageWidth, format: ImageFormat) => path.posix.basename(imageUrl(id, width, format));

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const dirs = [HERE, path.join(HERE, 'art')];
  const files: string[] = [];
  for (const dir of dirs) {
    for (const name of (await readdir(dir)).sort()) {
      if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(path.join(dir, name));
    }
  }
  files.push(CATALOGUE_SOURCE);
  for (const file of files) {
    hash.update(path.relative(REPO, file));
    hash.update('\0');
    hash.update(await readFile(file));
    hash.update('\0');
  }
  hash.update(JSON.stringify({ ENCODERS, IMAGE_WIDTHS, IMAGE_FORMATS, sharp: sharp.versions }));
  return hash.digest('hex');
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readStamp(outDir: string): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(path.join(outDir, STAMP_FILE), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

async function encode(svg: string, format: ImageFormat): Promise<Buffer> {
  // sharp drops EXIF/XMP/ICC unless withMetadata()/keepMetadata() is asked for.
  const pipeline = sharp(Buffer.from(svg), { density: 72 });
  return format === 'avif' ? pipeline.avif(ENCODERS.avif).toBuffer() : pipeline.webp(ENCODERS.webp).toBuffer();
}

/**
 * One image's bytes, exactly as buildImagery writes them (deterministic: the
 * artwork's random source is seeded by its id).
 */
export async function renderImage(id: string, width: ImageWidth, format: ImageFormat): Promise<Buffer> {
  const entry = imageCatalogue().find((c) => c.id === id);
  if (!entry) throw new Error(`imagery: unknown image id "${id}"`);
  const art = entry.generate(seededRng(id));
  return encode(svgDocument(art.inner, width, art.defs), format);
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

export interface ImageryPlan {
  outDir: string;
  hash: string;
  /** Files to (re)render. Everything when the stamp is stale or forced; else only missing files. */
  todo: { id: string; width: ImageWidth; format: ImageFormat }[];
  /** Up-to-date files kept from the previous run. */
  keep: BuiltImage[];
  /** The vector logo needs writing. */
  writeSvg: boolean;
}

/** What a build would do, without rendering anything. */
export async function planImagery({ outDir, force = false }: Pick<BuildImageryOptions, 'outDir' | 'force'>): Promise<ImageryPlan> {
  const dir = path.resolve(outDir);
  const catalogue = imageCatalogue();
  const hash = await sourceHash();
  const stamp = force ? undefined : await readStamp(dir);
  const current = stamp?.hash === hash ? new Map(stamp.images.map((i) => [i.file, i])) : new Map<string, BuiltImage>();
  const todo: ImageryPlan['todo'] = [];
  const keep: BuiltImage[] = [];
  for (const { id } of catalogue) {
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        const known = current.get(imageFileName(id, width, format));
        if (known && (await exists(path.join(dir, known.file)))) keep.push(known);
        else todo.push({ id, width, format });
      }
    }
  }
  const svgFile = `${LOGO_IMAGE_ID}.svg`;
  const writeSvg = !(stamp?.hash === hash && stamp.svgs.includes(svgFile) && (await exists(path.join(dir, svgFile))));
  return { outDir: dir, hash, todo, keep, writeSvg };
}

/**
 * Renders the brand artwork (libs/contracts BACKGROUND_SETS, the strobe texture
 * and the logo) to AVIF and WebP at every IMAGE_WIDTHS width, named as
 * imageUrl() expects: `<outDir>/<id>-<width>.<format>`. The logo is also
 * written as `<outDir>/<LOGO_IMAGE_ID>.svg`. A stamp file records a hash of
 * the generator source, the catalogue and the encoder settings: when it
 * matches, present files are kept and only missing ones are rendered (a
 * second run does nothing).
 */
export async function buildImagery({ outDir, force = false, log }: BuildImageryOptions): Promise<BuildImageryResult> {
  const plan = await planImagery({ outDir, force });
  const dir = plan.outDir;
  const catalogue = imageCatalogue();
  if (plan.todo.length === 0 && !plan.writeSvg) {
    log?.(`imagery: ${dir} is up to date (${plan.keep.length} files)`);
    return { outDir: dir, skipped: true, rendered: 0, hash: plan.hash, images: plan.keep, svgs: [`${LOGO_IMAGE_ID}.svg`] };
  }

  await mkdir(dir, { recursive: true });
  const images: BuiltImage[] = [...plan.keep];
  const started = Date.now();
  const byId = new Map<string, ImageryPlan['todo']>();
  for (const job of plan.todo) byId.set(job.id, [...(byId.get(job.id) ?? []), job]);
  const ids = catalogue.map((c) => c.id).filter((id) => byId.has(id) || (id === LOGO_IMAGE_ID && plan.writeSvg));
  await pool(ids, 4, async (id) => {
    const entry = catalogue.find((c) => c.id === id)!;
    const art = entry.generate(seededRng(id));
    for (const { width, format } of byId.get(id) ?? []) {
      const data = await encode(svgDocument(art.inner, width, art.defs), format);
      const file = imageFileName(id, width, format);
      await writeFile(path.join(dir, file), data);
      images.push({ id, width, format, file, bytes: data.length });
    }
    if (id === LOGO_IMAGE_ID && plan.writeSvg) {
      await writeFile(path.join(dir, `${id}.svg`), svgDocument(art.inner, 1920, art.defs) + '\n');
    }
    log?.(`imagery: ${id}`);
  });

  const order = new Map(catalogue.map((c, i) => [c.id, i]));
  images.sort(
    (a, b) =>
      order.get(a.id)! - order.get(b.id)! || a.width - b.width || IMAGE_FORMATS.indexOf(a.format) - IMAGE_FORMATS.indexOf(b.format),
  );
  const svgs = [`${LOGO_IMAGE_ID}.svg`];
  const stamp: Stamp = { hash: plan.hash, images, svgs };
  await writeFile(path.join(dir, STAMP_FILE), JSON.stringify(stamp, null, 2) + '\n');
  log?.(`imagery: ${plan.todo.length} files rendered in ${((Date.now() - started) / 1000).toFixed(1)} s → ${dir}`);
  return { outDir: dir, skipped: false, rendered: plan.todo.length, hash: plan.hash, images, svgs };
}

/** A plain-text table: one row per image, KB per width and format. */
export function sizeTable(images: readonly BuiltImage[]): string {
  const ids = [...new Set(images.map((i) => i.id))];
  const cols = IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => ({ w, f })));
  const idWidth = Math.max(4, ...ids.map((id) => id.length));
  const head = ['id'.padEnd(idWidth), ...cols.map(({ w, f }) => `${w} ${f}`.padStart(10))].join(' ');
  const rows = ids.map((id) =>
    [
      id.padEnd(idWidth),
      ...cols.map(({ w, f }) => {
        const img = images.find((i) => i.id === id && i.width === w && i.format === f);
        return (img ? `${(img.bytes / 1024).toFixed(1)} KB` : '-').padStart(10);
      }),
    ].join(' '),
  );
  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  return [head, ...rows, `total ${(total / 1024).toFixed(0)} KB in ${images.length} files`].join('\n');
}

function parseArgs(argv: readonly string[]): { outDir: string; force: boolean } {
  let outDir = 'dist/images';
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out') {
      const value = argv[++i];
      if (!value) throw new Error('imagery: --out needs a directory');
      outDir = value;
    } else if (arg.startsWith('--out=')) outDir = arg.slice('--out='.length);
    else if (arg === '--force') force = true;
    else throw new Error(`imagery: unknown argument "${arg}" (usage: build.ts [--out dist/images] [--force])`);
  }
  return { outDir, force };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const { outDir, force } = parseArgs(process.argv.slice(2));
    const result = await buildImagery({ outDir, force, log: (l) => console.info(l) });
    console.info(sizeTable(result.images));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
