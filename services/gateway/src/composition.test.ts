/**
 * The gateway and a standalone service are two hosts around one composition (service kit
 * `startComposition`): the same module gets the same API middleware in both, so its public write
 * paths (newsletter's one-click unsubscribe) are exempt from the Origin check in both, and nothing
 * else is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterModule } from '@croft/newsletter-service';
import { identityModule } from '@croft/identity-service';
import { venueModule } from '@croft/venue-service';
import { Router } from 'express';
import {
  baseConfigSchema,
  checkModules,
  defineServiceModule,
  signBlobUrl,
  silentLogger,
  standaloneHost,
  startComposition,
  type BlobStore,
  type Mailer,
  type RunningComposition,
} from '@croft/service-kit';
import { gatewayHost } from './host';
import { GATEWAY_MODULES } from './modules';

const mailer: Mailer = { send: async () => ({ messageId: 'test' }), close: () => undefined };
let staticDir: string;
const running: RunningComposition[] = [];

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'gateway-composition-'));
});
afterAll(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
  rmSync(staticDir, { recursive: true, force: true });
});

async function post(base: string, path: string, origin: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: 'x'.repeat(43) }),
  });
  return { status: response.status, code: ((await response.json()) as { error?: { code?: string } }).error?.code };
}

describe('one composition, two hosts', () => {
  it('the gateway and the standalone newsletter both let one-click unsubscribe through from any Origin, and check the rest', async () => {
    const env = { PORT: '0', PUBLIC_ORIGIN: 'http://localhost:3000', STATIC_DIR: staticDir, LOG_LEVEL: 'silent' };
    const gateway = await startComposition(gatewayHost({ modules: [newsletterModule] }), { env, mailer, logger: silentLogger() });
    running.push(gateway);
    const alone = await startComposition(standaloneHost(newsletterModule), { env, mailer, logger: silentLogger() });
    running.push(alone);

    for (const host of [gateway, alone]) {
      const base = host.server.url;
      // Past the Origin check: the token is unknown, so the route itself answers 404.
      expect(await post(base, '/api/newsletter/unsubscribe?token=' + 'x'.repeat(43), 'https://mail.example')).toEqual({
        status: 404,
        code: 'unknown_token',
      });
      expect(await post(base, '/api/newsletter/subscribe', 'https://mail.example')).toEqual({ status: 403, code: 'forbidden_origin' });
      // The exemption is the exact path: a neighbour is checked.
      expect((await post(base, '/api/newsletter/unsubscribe/x', 'https://mail.example')).status).toBe(403);
    }
  });

  it('one BlobStore per process: what a module stores, the gateway serves at its signed /blobs URL', async () => {
    const blobDir = join(staticDir, 'blobs');
    const stores: BlobStore[] = [];
    const probe = (name: string) =>
      defineServiceModule({
        name,
        configSchema: baseConfigSchema(0),
        async create({ blobs }) {
          stores.push(blobs);
          await blobs.put(`${name}/hello.txt`, Buffer.from(`from ${name}`), { contentType: 'text/plain' });
          return { router: Router(), provides: {} };
        },
      });
    const secret = 'q'.repeat(43);
    const env = { PORT: '0', PUBLIC_ORIGIN: 'http://localhost:3000', STATIC_DIR: staticDir, LOG_LEVEL: 'silent', BLOB_DIR: blobDir, BLOB_URL_SECRET: secret };
    const gateway = await startComposition(gatewayHost({ modules: [probe('one'), probe('two')] }), { env, mailer, logger: silentLogger() });
    running.push(gateway);
    expect(stores[0]).toBe(stores[1]);
    expect(gateway.composed.blobs).toBe(stores[0]);
    for (const name of ['one', 'two']) {
      const response = await fetch(`${gateway.server.url}${signBlobUrl(`${name}/hello.txt`, { secret, expiresInSeconds: 60 })}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`from ${name}`);
    }
  });

  it("a module's own signed URL (context.signBlobUrl) is served by the gateway, with or without BLOB_URL_SECRET; altered, it is refused", async () => {
    for (const secret of ['s'.repeat(43), undefined]) {
      let url = '';
      const signer = defineServiceModule({
        name: 'signer',
        configSchema: baseConfigSchema(0),
        async create({ blobs, signBlobUrl: sign }) {
          await blobs.put('signer/photo.txt', Buffer.from('a private photo'), { contentType: 'text/plain' });
          url = sign('signer/photo.txt', 3600);
          return { router: Router(), provides: {} };
        },
      });
      const env = {
        PORT: '0',
        PUBLIC_ORIGIN: 'http://localhost:3000',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'silent',
        BLOB_DIR: join(staticDir, 'signed-blobs'),
        ...(secret ? { BLOB_URL_SECRET: secret } : {}),
      };
      const gateway = await startComposition(gatewayHost({ modules: [signer] }), { env, mailer, logger: silentLogger() });
      running.push(gateway);
      expect(url).toMatch(/^\/blobs\/signer\/photo\.txt\?exp=\d+&sig=/);
      const ok = await fetch(`${gateway.server.url}${url}`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('a private photo');
      expect(ok.headers.get('cache-control')).toMatch(/^private, max-age=(3600|359\d)$/);
      const altered = await fetch(`${gateway.server.url}${url.replace('photo.txt', 'other.txt')}`);
      expect(altered.status).toBe(403);
    }
  });

  it("the gateway's list composes; out of order it fails at start-up with the reason", () => {
    expect(() => checkModules(GATEWAY_MODULES)).not.toThrow();
    expect(() => checkModules([identityModule, newsletterModule])).toThrow(
      /'identity' needs isActiveSubscriber .* 'newsletter' comes after 'identity' in the list: put it first/,
    );
    expect(() => checkModules([newsletterModule, venueModule])).toThrow(/'venue' needs verifyAccessToken \(as verifyAccessToken\) and no module before it provides it/);
    expect(() => checkModules([...GATEWAY_MODULES, newsletterModule])).toThrow(/'newsletter' appears twice/);
  });

  it('standalone, each module meets its needs from its own config (the hook), never from a sibling', () => {
    for (const module of GATEWAY_MODULES) expect(() => checkModules([module], { standalone: true })).not.toThrow();
  });
});
