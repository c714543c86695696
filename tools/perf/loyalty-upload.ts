/**
 * Upload-to-visible for a phone photo on the loyalty card (issue 12): a ~4 MB 12 MP JPEG is
 * scaled down in a real Chromium the way the card does it (createImageBitmap honouring EXIF
 * orientation, a canvas to LOYALTY_UPLOAD_MAX_SIDE, JPEG 0.85), posted as multipart to an
 * in-process loyalty service (embedded store, disk BlobStore: sharp upright + strip + WebP photo
 * and thumb + perceptual hash), then its thumbnail fetched through the signed /blobs route, as
 * the grid shows it. Each round is a new box on a fresh card. Prints the medians and p95.
 *
 *   node --import tsx tools/perf/loyalty-upload.ts [--rounds 6]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { LOYALTY_FILE_FIELD, LOYALTY_UPLOAD_MAX_SIDE } from '@croft/contracts';
import { blobRoute, connectMongo, createDiskBlobStore, createServiceApp, signBlobUrl, silentLogger, systemClock } from '@croft/service-kit';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { createLoyaltyService } from '@croft/loyalty-service';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@croft/chromium';
import { arg } from './perf-helpers';

const ORIGIN = 'http://localhost:3000';
const rounds = Number(arg('--rounds') ?? 6);

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(v.length * 0.95) - 1)];

/** A 4032 × 3024 phone-sized photo with grain (so it compresses like one), about 4 MB. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const grain = await sharp({ create: { width: 1008, height: 756, channels: 3, background: '#6e6e6e', noise: { type: 'gaussian', mean: 110 + seed, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(grain).resize(4032, 3024, { kernel: 'nearest' }).modulate({ hue: seed * 40 }).jpeg({ quality: 82 }).toBuffer();
}

async function main(): Promise<void> {
  const mongo = await connectMongo({ dbName: `perf_loyalty_upload_${process.pid}` });
  const dir = await mkdtemp(join(tmpdir(), 'perf-loyalty-'));
  const secret = 'p'.repeat(43);
  const tokens = await testTokens(ORIGIN);
  const blobs = createDiskBlobStore({ root: dir });
  const service = createLoyaltyService({
    db: mongo.connection,
    logger: silentLogger(),
    clock: systemClock,
    blobs,
    signUrl: (key, seconds) => signBlobUrl(key, { secret, expiresInSeconds: seconds }),
    isActiveSubscriber: async () => true,
    verifyAccessToken: tokens.verify,
    dailyCap: 50,
    uploadsPerMinute: 1000,
  });
  await service.seed();
  // As the gateway serves it: signed /blobs URLs beside the service's API.
  const app = express();
  app.use('/blobs', blobRoute({ store: blobs, secret }));
  app.use(createServiceApp({ name: 'loyalty', router: service.router, logger: silentLogger(), publicOrigin: ORIGIN }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const page = await browser.newPage();
  const scale: number[] = [];
  const upload: number[] = [];
  const thumb: number[] = [];
  const total: number[] = [];
  let inputBytes = 0;
  let sentBytes = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const token = await tokens.token({ sub: `perf-${round}`, email: `perf${round}@example.com`, roles: [] });
      const headers = { Authorization: `Bearer ${token}`, Origin: ORIGIN };
      const started = await (await fetch(`${base}/api/loyalty/cards`, { method: 'POST', headers })).json();
      const photo = await phonePhoto(round);
      inputBytes = photo.length;

      // The browser's part: decode upright, draw at most 1600 px, encode JPEG 0.85.
      const scaled = await page.evaluate(
        async ({ b64, side }) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const t = performance.now();
          const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), { imageOrientation: 'from-image' });
          const ratio = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
          const canvas = new OffscreenCanvas(Math.round(bitmap.width * ratio), Math.round(bitmap.height * ratio));
          canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
          const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
          const out = new Uint8Array(await blob.arrayBuffer());
          let s = '';
          for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode(...out.subarray(i, i + 0x8000));
          return { ms: performance.now() - t, b64: btoa(s) };
        },
        { b64: photo.toString('base64'), side: LOYALTY_UPLOAD_MAX_SIDE },
      );
      scale.push(scaled.ms);
      const body = Buffer.from(scaled.b64, 'base64');
      sentBytes = body.length;

      const t1 = performance.now();
      const form = new FormData();
      form.set('index', '1');
      form.set('kind', 'punch');
      form.set(LOYALTY_FILE_FIELD, new Blob([body], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`${base}/api/loyalty/cards/${started.card.id}/entries`, { method: 'POST', headers, body: form });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const added = await res.json();
      const t2 = performance.now();
      upload.push(t2 - t1);
      const shown = await fetch(`${base}${added.entry.thumbUrl}`);
      if (!shown.ok) throw new Error(`thumb answered ${shown.status}`);
      await shown.arrayBuffer();
      const t3 = performance.now();
      thumb.push(t3 - t2);
      total.push(scaled.ms + (t3 - t1));
    }
  } finally {
    await browser.close();
    server.close();
    await mongo.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const f = (v: number[]) => `median ${median(v).toFixed(0)} ms, p95 ${p95(v).toFixed(0)} ms`;
  console.info(`loyalty upload-to-visible (${rounds} rounds; a ${(inputBytes / 1e6).toFixed(1)} MB 4032×3024 JPEG, sent as ${(sentBytes / 1e3).toFixed(0)} KB after scaling)`);
  console.info(`  browser scaling (Chromium):          ${f(scale)}`);
  console.info(`  upload + sharp + store (HTTP):       ${f(upload)}`);
  console.info(`  thumbnail through the signed URL:    ${f(thumb)}`);
  console.info(`  total, photo chosen → visible:       ${f(total)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
