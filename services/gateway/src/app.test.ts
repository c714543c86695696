import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, rateLimit, silentLogger, type RunningServer } from '@croft/service-kit';
import { createGatewayApp } from './app';
import { buildRemoteManifest } from './manifest';
import { gatewayConfigSchema } from './config';
import { loadConfig } from '@croft/service-kit';

let staticDir: string;

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'gateway-'));
  mkdirSync(join(staticDir, 'shell/assets'), { recursive: true });
  writeFileSync(join(staticDir, 'shell/index.html'), '<!doctype html><html><head><title>Croft Common</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(staticDir, 'shell/assets/main.0123456789.js'), 'console.log("shell")');
  mkdirSync(join(staticDir, 'remotes/site/assets'), { recursive: true });
  writeFileSync(join(staticDir, 'remotes/site/remoteEntry.js'), 'var site;');
  writeFileSync(join(staticDir, 'remotes/site/assets/183.abcdef0123.js'), 'chunk');
  const assets = (js: string[], css: string[] = []) => ({ js: { sync: js, async: [] }, css: { sync: css, async: [] } });
  writeFileSync(
    join(staticDir, 'shell/federation-build.json'),
    JSON.stringify({ shared: [{ name: 'react-dom', assets: assets(['assets/275.aaaaaaaaaa.js']) }] }),
  );
  writeFileSync(join(staticDir, 'shell/assets/oswald-latin-700-normal.0123456789.woff2'), 'font');
  mkdirSync(join(staticDir, 'images'), { recursive: true });
  writeFileSync(join(staticDir, 'images/cafe-1-480.avif'), Buffer.from([0, 0, 0, 28, 102, 116, 121, 112]));
  writeFileSync(
    join(staticDir, 'remotes/site/federation-build.json'),
    JSON.stringify({
      exposes: [
        {
          path: './Routes',
          assets: {
            js: { sync: ['assets/routes.bbbbbbbbbb.js'], async: ['assets/lazy-gate.dddddddddd.js'] },
            css: { sync: ['assets/routes.cccccccccc.css'], async: [] },
          },
        },
      ],
    }),
  );
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

function app(overrides: Record<string, string> = {}) {
  const router = Router();
  router.get('/ping', (_req, res) => {
    res.json({ ok: true });
  });
  router.post('/echo', (req, res) => {
    res.json(req.body);
  });
  const config = loadConfig(gatewayConfigSchema, overrides);
  return createGatewayApp({
    logger: silentLogger(),
    publicOrigin: 'http://localhost:3000',
    staticDir,
    manifest: buildRemoteManifest(config),
    services: { demo: router },
  });
}

describe('gateway', () => {
  it('serves the generated imagery under /images with a cache, and a missing image is a 404, not HTML', async () => {
    const image = await request(app()).get('/images/cafe-1-480.avif').expect(200);
    expect(image.headers['content-type']).toBe('image/avif');
    expect(image.headers['cache-control']).toContain('max-age=604800');
    const missing = await request(app()).get('/images/nope-480.avif').expect(404);
    expect(missing.headers['content-type']).toContain('text/plain');
  });

  it('mounts services under /api/<name> and answers unknown API routes with the envelope', async () => {
    await request(app()).get('/api/demo/ping').expect(200, { ok: true });
    const res = await request(app()).get('/api/nope').expect(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/api/nope') } });
  });

  it('refuses cross-site writes and oversized or malformed bodies with envelopes', async () => {
    await request(app()).post('/api/demo/echo').set('Origin', 'https://evil.example').send({ a: 1 }).expect(403);
    const big = await request(app())
      .post('/api/demo/echo')
      .set('Origin', 'http://localhost:3000')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200_000) }))
      .expect(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const bad = await request(app())
      .post('/api/demo/echo')
      .set('Origin', 'http://localhost:3000')
      .set('content-type', 'application/json')
      .send('{"a":')
      .expect(400);
    expect(bad.body.error.code).toBe('invalid_json');
  });

  it('serves the service worker at /sw.js for the root scope, revalidated, under the CSP; 404 before a build', async () => {
    await request(app()).get('/sw.js').expect(404);
    writeFileSync(join(staticDir, 'shell/sw.js'), 'self.addEventListener("push", () => {});');
    try {
      const res = await request(app()).get('/sw.js').expect(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
      expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
      expect(res.text).toBe('self.addEventListener("push", () => {});');
      await request(app()).get('/sw.js').set('If-None-Match', res.headers.etag).expect(304);
    } finally {
      rmSync(join(staticDir, 'shell/sw.js'));
    }
  });

  it('serves the runtime manifest, revalidated on every visit', async () => {
    const res = await request(app()).get('/mf-manifest.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.remotes).toEqual({
      site: '/remotes/site/remoteEntry.js',
      common_room: '/remotes/common-room/remoteEntry.js',
      loyalty: '/remotes/loyalty/remoteEntry.js',
      cinema: '/remotes/cinema/remoteEntry.js',
      cms: '/remotes/cms/remoteEntry.js',
    });
  });

  it('points one remote elsewhere without a rebuild and allows its origin in the CSP', async () => {
    const gateway = app({ REMOTE_CINEMA_URL: 'https://cinema.cdn.example/v7/remoteEntry.js' });
    const res = await request(gateway).get('/mf-manifest.json').expect(200);
    expect(res.body.remotes.cinema).toBe('https://cinema.cdn.example/v7/remoteEntry.js');
    expect(res.body.remotes.site).toBe('/remotes/site/remoteEntry.js');
    const page = await request(gateway).get('/').expect(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/cinema\.cdn\.example/);
  });

  it('lists QA override origins in the manifest and the CSP only when REMOTE_OVERRIDE_ORIGINS names them', async () => {
    const plain = await request(app()).get('/mf-manifest.json').expect(200);
    expect(plain.body).not.toHaveProperty('qaOverrideOrigins');
    const qa = app({ REMOTE_OVERRIDE_ORIGINS: 'https://qa.croft.example, http://localhost:4203' });
    const manifest = await request(qa).get('/mf-manifest.json').expect(200);
    expect(manifest.body.qaOverrideOrigins).toEqual(['https://qa.croft.example', 'http://localhost:4203']);
    const page = await request(qa).get('/').expect(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'[^;]* https:\/\/qa\.croft\.example/);
    expect(() => loadConfig(gatewayConfigSchema, { REMOTE_OVERRIDE_ORIGINS: 'https://qa.croft.example/path' })).toThrow('REMOTE_OVERRIDE_ORIGINS');
    expect(() => loadConfig(gatewayConfigSchema, { REMOTE_OVERRIDE_ORIGINS: 'ftp://qa.croft.example' })).toThrow('REMOTE_OVERRIDE_ORIGINS');
  });

  it('rejects a bad remote override at start-up', () => {
    expect(() => loadConfig(gatewayConfigSchema, { REMOTE_SITE_URL: 'javascript:alert(1)' })).toThrow(/REMOTE_SITE_URL/);
  });

  it('caches hashed assets for a year and revalidates entries and HTML', async () => {
    const gateway = app();
    const hashed = await request(gateway).get('/assets/main.0123456789.js').expect(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await request(gateway).get('/remotes/site/assets/183.abcdef0123.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await request(gateway).get('/remotes/site/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it('serves the shell for client routes with a real CSP, and 404s for missing files', async () => {
    const gateway = app();
    for (const path of ['/', '/cafe', '/common-room/member/ledger', '/Cafe', '/cms/visual/cafe']) {
      const res = await request(gateway).get(path).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // The site may frame its own pages (the staff area's visual editor); no other site may.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // Everything else stays unframeable: the API, the manifest, scripts and 404s.
    for (const path of ['/api/demo/ping', '/api/nope', '/mf-manifest.json', '/remotes/site/remoteEntry.js', '/assets/missing.0000000000.js']) {
      const res = await request(gateway).get(path);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // A script tag must never get HTML back.
    await request(gateway).get('/remotes/cms/remoteEntry.js').expect(404);
    await request(gateway).get('/remotes/site/assets/missing.js').expect(404);
    await request(gateway).get('/assets/missing.0000000000.js').expect(404);
  });

  it('compresses text responses for browsers that ask', async () => {
    writeFileSync(join(staticDir, 'shell/assets/big.9999999999.js'), 'const menu = "flat white";\n'.repeat(200));
    const res = await request(app()).get('/assets/big.9999999999.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it("preloads the shell's shared chunks, the brand font and the page's own remote", async () => {
    const home = (await request(app()).get('/').expect(200)).text;
    expect(home).toContain('<link rel="preload" href="/assets/275.aaaaaaaaaa.js" as="script">');
    expect(home).toContain('href="/assets/oswald-latin-700-normal.0123456789.woff2" as="font" type="font/woff2" crossorigin');
    expect(home).toContain('<link rel="preload" href="/remotes/site/remoteEntry.js" as="script">');
    expect(home).toContain('<link rel="preload" href="/remotes/site/assets/routes.bbbbbbbbbb.js" as="script">');
    expect(home).toContain('<link rel="preload" href="/remotes/site/assets/routes.cccccccccc.css" as="style">');
    // Lazy chunks (the members' gate, rare pages) stay lazy.
    expect(home).not.toContain('lazy-gate');
    // A members' page preloads the common-room remote, never the site's chunks.
    const member = (await request(app()).get('/common-room/member').expect(200)).text;
    expect(member).toContain('href="/remotes/common-room/remoteEntry.js"');
    expect(member).not.toContain('/remotes/site/');
    // An unknown page preloads no remote; an overridden remote is preloaded from its new home.
    expect((await request(app()).get('/nowhere').expect(200)).text).not.toContain('remoteEntry.js');
    const moved = app({ REMOTE_SITE_URL: 'https://site.cdn.example/remoteEntry.js' });
    const text = (await request(moved).get('/cafe').expect(200)).text;
    expect(text).toContain('href="https://site.cdn.example/remoteEntry.js"');
    expect(text).not.toContain('routes.bbbbbbbbbb.js');
  });
});

describe('gateway origin exemption', () => {
  it("lets a module's public write path through with any Origin, and nothing else", async () => {
    const router = Router();
    router.post('/unsubscribe', (_req, res) => {
      res.json({ ok: true });
    });
    router.post('/subscribe', (_req, res) => {
      res.json({ ok: true });
    });
    const gateway = createGatewayApp({
      logger: silentLogger(),
      publicOrigin: 'http://localhost:3000',
      staticDir,
      manifest: buildRemoteManifest(loadConfig(gatewayConfigSchema, {})),
      services: [{ name: 'newsletter', router, publicWritePaths: [{ method: 'POST', path: '/unsubscribe' }] }],
    });
    await request(gateway).post('/api/newsletter/unsubscribe').set('Origin', 'https://mail.example').expect(200);
    await request(gateway).post('/api/newsletter/subscribe').set('Origin', 'https://mail.example').expect(403);
    // Nothing is exempt by name: the same router without the module's list is checked.
    const plain = createGatewayApp({
      logger: silentLogger(),
      publicOrigin: 'http://localhost:3000',
      staticDir,
      manifest: buildRemoteManifest(loadConfig(gatewayConfigSchema, {})),
      services: { newsletter: router },
    });
    await request(plain).post('/api/newsletter/unsubscribe').set('Origin', 'https://mail.example').expect(403);
  });
});

describe('Secret Kitchens host', () => {
  const gateway = () =>
    createGatewayApp({
      logger: silentLogger(),
      publicOrigin: 'http://localhost:3000',
      staticDir,
      manifest: buildRemoteManifest(loadConfig(gatewayConfigSchema, {})),
      services: {},
      secretKitchensHost: 'kitchens.example.test',
    });

  it('tells the page which host is authorised', async () => {
    const res = await request(gateway()).get('/secretkitchens').expect(200);
    expect(res.text).toContain('<meta name="croft:secret-kitchens-host" content="kitchens.example.test">');
  });

  it('on that host, every other page redirects to /secretkitchens; elsewhere nothing changes', async () => {
    for (const path of ['/', '/cafe', '/common-room/main']) {
      const res = await request(gateway()).get(path).set('Host', 'kitchens.example.test').expect(302);
      expect(res.headers.location).toBe('/secretkitchens');
    }
    await request(gateway()).get('/secretkitchens').set('Host', 'kitchens.example.test').expect(200);
    await request(gateway()).get('/cafe').set('Host', 'localhost:3000').expect(200);
  });
});

describe('gateway behind a proxy (TRUST_PROXY)', () => {
  /** The gateway as main.ts builds it from an environment, with a per-IP limit of 2, on port 0. */
  async function gateway(env: Record<string, string>): Promise<RunningServer> {
    const router = Router();
    router.get('/whoami', rateLimit({ windowMs: 60_000, limit: 2, keyPrefix: 'test:gateway-whoami' }), (req, res) => {
      res.json({ ip: req.ip });
    });
    const config = loadConfig(gatewayConfigSchema, env);
    const app = createGatewayApp({
      logger: silentLogger(),
      publicOrigin: config.PUBLIC_ORIGIN,
      staticDir,
      manifest: buildRemoteManifest(config),
      services: { demo: router },
      trustProxy: config.TRUST_PROXY,
    });
    return listen(app, 0);
  }

  async function whoami(server: RunningServer, forwardedFor: string) {
    const response = await fetch(`${server.url}/api/demo/whoami`, { headers: { 'X-Forwarded-For': forwardedFor } });
    return { status: response.status, ip: ((await response.json()) as { ip?: string }).ip };
  }

  it.each([
    ['unset', {}],
    ['unset in production', { NODE_ENV: 'production', CODE_PEPPER: 'p'.repeat(32), KEY_ENCRYPTION_SECRET: 'k'.repeat(32), BLOB_URL_SECRET: 'b'.repeat(43) }],
  ])('%s: rotating X-Forwarded-For cannot dodge a per-IP limit', async (_label, env) => {
    const server = await gateway(env);
    try {
      expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '127.0.0.1' });
      expect(await whoami(server, '5.6.7.8')).toEqual({ status: 200, ip: '127.0.0.1' });
      expect((await whoami(server, '9.10.11.12')).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it.each([['1'], ['loopback']])('TRUST_PROXY=%s: each forwarded address has its own budget and is req.ip', async (value) => {
    const server = await gateway({ TRUST_PROXY: value });
    try {
      expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
      expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
      expect((await whoami(server, '1.2.3.4')).status).toBe(429);
      expect(await whoami(server, '5.6.7.8')).toEqual({ status: 200, ip: '5.6.7.8' });
    } finally {
      await server.close();
    }
  });

  it('refuses TRUST_PROXY=true at start-up (anyone could then pick their own address)', () => {
    expect(() => loadConfig(gatewayConfigSchema, { TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
