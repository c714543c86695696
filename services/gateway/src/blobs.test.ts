import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore, listen, loadConfig, signBlobUrl, silentLogger, type BlobStore, type RunningServer } from '@croft/service-kit';
import { createGatewayApp } from './app';
import { buildRemoteManifest } from './manifest';
import { gatewayConfigSchema } from './config';

const secret = 's'.repeat(43);
const avif = Buffer.from([0, 0, 0, 28, 102, 116, 121, 112, 97, 118, 105, 102]);

let dir: string;
let store: BlobStore;
let server: RunningServer;
let bare: RunningServer;

function gateway(blobs?: { store: BlobStore; secret: string }) {
  const config = loadConfig(gatewayConfigSchema, {});
  return createGatewayApp({
    logger: silentLogger(),
    publicOrigin: 'http://localhost:3000',
    staticDir: join(dir, 'static'),
    manifest: buildRemoteManifest(config),
    services: {},
    ...(blobs ? { blobs } : {}),
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-blobs-'));
  mkdirSync(join(dir, 'static/shell'), { recursive: true });
  writeFileSync(join(dir, 'static/shell/index.html'), '<!doctype html><html><head><title>Croft</title></head><body><div id="root"></div></body></html>');
  store = createDiskBlobStore({ root: join(dir, 'blobs') });
  await store.put('photos/2026/cafe.avif', avif, { contentType: 'image/avif' });
  await store.put('docs/menu.pdf', Buffer.from('%PDF-1.7'), { contentType: 'application/pdf' });
  await store.put('cms/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { contentType: 'image/svg+xml' });
  server = await listen(gateway({ store, secret }), 0);
  bare = await listen(gateway(), 0);
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sign = (key: string, expiresInSeconds = 600, now = Date.now()) => signBlobUrl(key, { secret, expiresInSeconds, now });

async function expectRefused(path: string, status: number, code: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(status);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.json()).toEqual({ error: { code, message: expect.any(String) } });
}

describe('gateway /blobs (signed URLs)', () => {
  it('200: streams the blob with its type, length, ETag, a private cache bounded by the URL, nosniff and inline for images', async () => {
    const res = await fetch(`${server.url}${sign('photos/2026/cafe.avif', 600)}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(avif)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('content-length')).toBe(String(avif.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(598);
    expect(maxAge).toBeLessThanOrEqual(600);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('caps the browser cache at an hour for a long-lived URL', async () => {
    const res = await fetch(`${server.url}${sign('photos/2026/cafe.avif', 2 * 24 * 3600)}`);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('anything but a raster image is an attachment (PDF, and SVG, which can carry script)', async () => {
    const pdf = await fetch(`${server.url}${sign('docs/menu.pdf')}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe('attachment');
    const svg = await fetch(`${server.url}${sign('cms/logo.svg')}`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toBe('attachment');
  });

  it('304 when If-None-Match has the ETag; HEAD gives the headers without a body', async () => {
    const url = `${server.url}${sign('photos/2026/cafe.avif')}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const changed = await fetch(url, { headers: { 'If-None-Match': '"something-else"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(avif.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('403 (envelope, not cached) for an expired, tampered or unsigned URL, whether or not the blob exists', async () => {
    await expectRefused(sign('photos/2026/cafe.avif', 60, Date.now() - 3600_000), 403, 'forbidden');
    const good = sign('photos/2026/cafe.avif');
    await expectRefused(good.replace('cafe.avif', 'other.avif'), 403, 'forbidden');
    await expectRefused(good.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`), 403, 'forbidden');
    await expectRefused(good.replace(/&sig=.*$/, ''), 403, 'forbidden');
    await expectRefused('/blobs/photos/2026/cafe.avif', 403, 'forbidden');
    await expectRefused(signBlobUrl('photos/2026/cafe.avif', { secret: 'w'.repeat(43), expiresInSeconds: 600 }), 403, 'forbidden');
    await expectRefused(sign('docs/nope.pdf', 60, Date.now() - 3600_000), 403, 'forbidden');
  });

  it('403 for traversal and listing attempts: nothing outside a signed key is reachable', async () => {
    const sig = new URL(sign('photos/2026/cafe.avif'), 'http://x').search;
    await expectRefused(`/blobs/..%2f..%2fetc%2fpasswd${sig}`, 403, 'forbidden');
    await expectRefused(`/blobs/photos/2026/${sig}`, 403, 'forbidden');
    await expectRefused(`/blobs/${sig}`, 403, 'forbidden');
    await expectRefused('/blobs/%E0%A4%A', 403, 'forbidden');
  });

  it('404 (envelope) for a validly signed URL to a missing blob', async () => {
    await expectRefused(sign('photos/2026/gone.avif'), 404, 'not_found');
  });

  it('405 for anything but GET and HEAD', async () => {
    const res = await fetch(`${server.url}${sign('photos/2026/cafe.avif')}`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('same origin: signed URLs are paths, and the page CSP img-src \'self\' allows them', async () => {
    expect(sign('photos/2026/cafe.avif')).toMatch(/^\/blobs\//);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const imgSrc = page.headers
      .get('content-security-policy')
      ?.split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('img-src '));
    expect(imgSrc?.split(' ')).toContain("'self'");
  });

  it('without a blob store /blobs/* is a plain 404, never the shell', async () => {
    const res = await fetch(`${bare.url}${sign('photos/2026/cafe.avif')}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
  });

  it('BLOB_URL_SECRET is required in production', () => {
    const production = { NODE_ENV: 'production', CODE_PEPPER: 'p'.repeat(32), KEY_ENCRYPTION_SECRET: 'k'.repeat(32) };
    expect(() => loadConfig(gatewayConfigSchema, production)).toThrow(/BLOB_URL_SECRET: is required in production/);
    expect(loadConfig(gatewayConfigSchema, { ...production, BLOB_URL_SECRET: secret }).BLOB_STORE).toBe('disk');
  });
});
