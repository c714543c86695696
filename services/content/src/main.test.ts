import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faqListResponseSchema, pageTextResponseSchema } from '@croft/contracts';
import { createDiskBlobStore } from '@croft/service-kit';

const root = resolve(import.meta.dirname, '../../..');
const blobDir = mkdtempSync(join(tmpdir(), 'content-main-blobs-'));
afterAll(() => rmSync(blobDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/content/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('services/content/src/main.ts', () => {
  it('prints every bad variable and exits 1 on a bad config', async () => {
    const proc = run({ PORT: 'abc', LOG_LEVEL: 'chatty', IDENTITY_JWKS_URL: 'ftp://keys' });
    expect(await proc.exited).toBe(1);
    expect(proc.err()).toContain('Invalid configuration (3 problems)');
    expect(proc.err()).toContain('PORT: must be a whole number from 0 to 65535');
    expect(proc.err()).toContain('LOG_LEVEL: must be one of');
    expect(proc.err()).toContain('IDENTITY_JWKS_URL: must be a URL');
  });

  it('starts on its own with the embedded store, seeds, serves the FAQ and page text and stops on SIGTERM', async () => {
    // Its BlobStore is the one BLOB_DIR names: an uploaded image's file there is served.
    const file = `${'c'.repeat(24)}-480.webp`;
    await createDiskBlobStore({ root: blobDir }).put(`cms-images/${file}`, Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), { contentType: 'image/webp' });
    const proc = run({ PORT: '0', LOG_LEVEL: 'info', BLOB_DIR: blobDir });
    try {
      const deadline = Date.now() + 30_000;
      let url: string | undefined;
      while (!url && Date.now() < deadline) {
        const line = proc
          .out()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { msg?: string; url?: string })
          .find((l) => l.msg === 'content service listening');
        url = line?.url;
        if (!url) await new Promise((r) => setTimeout(r, 100));
      }
      expect(url, proc.err()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/content$/);
      const response = await fetch(`${url}/faq?page=hall`);
      expect(response.status).toBe(200);
      expect(faqListResponseSchema.parse(await response.json()).items.length).toBeGreaterThanOrEqual(3);
      const text = await fetch(`${url}/pages/home/text`);
      expect(text.status).toBe(200);
      expect(pageTextResponseSchema.parse(await text.json()).items.find((i) => i.content_key === 'title')?.content_data.text).toBe('Croft Common');
      const media = await fetch(`${url}/media/${file}`);
      expect([media.status, media.headers.get('content-type')]).toEqual([200, 'image/webp']);
    } finally {
      proc.child.kill('SIGTERM');
    }
    expect(await proc.exited).toBe(0);
  });
});
