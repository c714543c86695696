/**
 * What site analytics costs a visitor (issue 15), in bytes gzip (level 9), read from the built
 * shell. It builds nothing: build the shell first with
 *
 *   npx rspack build -c shell/rspack.config.mjs --mode production
 *   node --import tsx tools/perf/analytics-size.ts [--dir dist/shell]
 *
 * - the tracker's chunk (libs/analytics/src/tracker, loaded after idle): budget 3 KB gzip;
 * - what analytics adds to the shell's first load: the bytes the source maps attribute to
 *   analytics' first-load modules (libs/analytics/src/index.ts, shell/src/app/analytics, the
 *   analytics constants of libs/contracts) in every other chunk, counted as each chunk's gzip size
 *   with and without them; budget a few hundred bytes.
 * It fails when tracker code sits in any other chunk or the page references the tracker's chunk.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { arg, root } from './perf-helpers';

const TRACKER_BUDGET = 3 * 1024;
const FIRST_LOAD_BUDGET = 512;

/** Sources whose code runs only after idle, in the tracker's own chunk. */
const isTracker = (source: string) => source.startsWith('libs/analytics/src/tracker/');
/** Sources that are analytics' share of the first load. */
const isFirstLoadAnalytics = (source: string) =>
  /^(libs\/analytics\/src\/index\.ts|shell\/src\/app\/analytics\/.*|libs\/contracts\/src\/(analytics-constants|endpoints\/analytics-routes)\.ts)$/.test(source);

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment's base64 VLQ fields. */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

interface Span {
  line: number;
  start: number;
  end: number;
  source: string;
}

/** 'webpack://shell/./src/x.ts' → 'shell/src/x.ts'; 'webpack://shell/../libs/y.ts' → 'libs/y.ts'. */
function workspacePath(source: string): string {
  const path = source.replace(/^webpack:\/\/[^/]+\//, '');
  return path.startsWith('./') ? `shell/${path.slice(2)}` : path.replace(/^(\.\.\/)+/, '');
}

/** Each generated span (line, columns) and the source it came from. */
function spansOf(code: string, map: { sources: string[]; mappings: string }): Span[] {
  const lines = code.split('\n');
  const spans: Span[] = [];
  let source = 0;
  map.mappings.split(';').forEach((lineMappings, line) => {
    let column = 0;
    const starts: { column: number; source: number | null }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        starts.push({ column, source });
      } else starts.push({ column, source: null });
    }
    starts.forEach((start, i) => {
      if (start.source === null) return;
      const end = i + 1 < starts.length ? starts[i + 1].column : (lines[line]?.length ?? start.column);
      spans.push({ line, start: start.column, end, source: workspacePath(map.sources[start.source]) });
    });
  });
  return spans;
}

/** The code with the spans of the matching sources cut out. */
function without(code: string, spans: Span[], match: (source: string) => boolean): string {
  const lines = code.split('\n');
  const byLine = new Map<number, Span[]>();
  for (const span of spans.filter((s) => match(s.source))) byLine.set(span.line, [...(byLine.get(span.line) ?? []), span]);
  for (const [line, cut] of byLine) {
    let text = lines[line];
    for (const span of cut.sort((a, b) => b.start - a.start)) text = text.slice(0, span.start) + text.slice(span.end);
    lines[line] = text;
  }
  return lines.join('\n');
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;

async function main() {
  const dir = join(root, arg('--dir') ?? 'dist/shell');
  const html = await readFile(join(dir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`${relative(root, dir)}/index.html is missing: npx rspack build -c shell/rspack.config.mjs --mode production`);
  });
  const chunks: { file: string; code: string; spans: Span[] }[] = [];
  for (const entry of await readdir(join(dir, 'assets'))) {
    if (!entry.endsWith('.js')) continue;
    const code = await readFile(join(dir, 'assets', entry), 'utf8');
    const map = JSON.parse(await readFile(join(dir, 'assets', `${entry}.map`), 'utf8').catch(() => '{"sources":[],"mappings":""}'));
    chunks.push({ file: entry, code, spans: spansOf(code, map) });
  }
  const trackerChunks = chunks.filter((c) => c.spans.some((s) => isTracker(s.source)));
  if (trackerChunks.length !== 1) throw new Error(`expected the tracker in one chunk, found it in ${trackerChunks.length}: ${trackerChunks.map((c) => c.file).join(', ')}`);
  const [tracker] = trackerChunks;
  if (html.includes(tracker.file)) throw new Error(`index.html loads the tracker's chunk ${tracker.file} up front`);

  const trackerSources = [...new Set(tracker.spans.map((s) => s.source))];
  console.info(`Site analytics, from ${relative(root, dir)} (gzip level 9)`);
  console.info(`  tracker chunk (after idle): assets/${tracker.file}  ${kb(gzip(tracker.code))} gzip, ${kb(Buffer.byteLength(tracker.code))} raw  (budget ${kb(TRACKER_BUDGET)})`);
  console.info(`    modules: ${trackerSources.join(', ')}`);

  let added = 0;
  console.info('  first load (every other chunk that holds analytics code):');
  for (const chunk of chunks) {
    if (chunk === tracker || !chunk.spans.some((s) => isFirstLoadAnalytics(s.source))) continue;
    const whole = gzip(chunk.code);
    const rest = gzip(without(chunk.code, chunk.spans, isFirstLoadAnalytics));
    const raw = chunk.spans.filter((s) => isFirstLoadAnalytics(s.source)).reduce((n, s) => n + s.end - s.start, 0);
    added += whole - rest;
    console.info(`    assets/${chunk.file}: ${whole} B gzip, ${rest} B without analytics → +${whole - rest} B gzip (${raw} B raw)`);
  }
  console.info(`  analytics adds to the shell's first load: ${added} B gzip (budget ${FIRST_LOAD_BUDGET} B)`);
  const over = gzip(tracker.code) > TRACKER_BUDGET || added > FIRST_LOAD_BUDGET;
  if (over) {
    console.error('Over budget.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
