import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

export const root = resolve(fileURLToPath(import.meta.url), '../../..');

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Starts the built gateway (embedded store, no mail needed for reads) on a free port. */
export async function startGatewayForPerf(port = 3400): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(resolve(root, 'dist/shell/index.html'))) throw new Error('Build the site first: npm run build');
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      // throwaway secrets: the benchmark never signs anyone in
      CODE_PEPPER: randomBytes(32).toString('base64url'),
      KEY_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      BLOB_URL_SECRET: randomBytes(32).toString('base64url'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/content/faq?page=home`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('gateway did not start in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export async function buildBaseline(): Promise<void> {
  const r = spawnSync('npx', ['rspack', 'build', '-c', 'tools/perf/baseline/rspack.config.mjs'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('baseline build failed');
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** A tiny static server: URL prefix → folder under `base`; text is gzipped when the browser asks, as our gateway does. */
export async function serveStatic(base: string, mounts: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const prefix = Object.keys(mounts).sort((a, b) => b.length - a.length).find((p) => path.startsWith(p)) ?? '/';
    let file = join(root, base, mounts[prefix] ?? '', path.slice(prefix.length));
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, base, mounts['/'] ?? '', 'index.html');
    const type = TYPES[extname(file)];
    res.setHeader('content-type', type ?? 'application/octet-stream');
    if (type && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('vary', 'accept-encoding');
      createReadStream(file).pipe(createGzip()).pipe(res);
      return;
    }
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
