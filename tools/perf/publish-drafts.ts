/**
 * Publishing many drafts in one request (issue 11): an in-process content service on the embedded
 * store (tools/embedded-mongo, through the service kit's connectMongo), N pending drafts seeded
 * through the editing domain, then one POST /api/content/editor/publish naming them all, timed
 * over HTTP. Each round seeds a fresh draft on every text (the next revision), so every round
 * publishes N drafts; the figure is the time of the publish request alone.
 *
 *   node --import tsx tools/perf/publish-drafts.ts [--drafts 200] [--rounds 5]
 */
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { PAGE_KEYS, PUBLISH_BATCH_MAX, publishResponseSchema, type TextKey } from '@croft/contracts';
import { connectMongo, createServiceApp, identityIssuer, localJwksVerifier, silentLogger, systemClock } from '@croft/service-kit';
import { createContentService } from '@croft/content-service';
import { arg } from './perf-helpers';

const ORIGIN = 'http://localhost:3000';
const drafts = Math.min(PUBLISH_BATCH_MAX, Number(arg('--drafts') ?? 200));
const rounds = Number(arg('--rounds') ?? 5);

async function editorToken(): Promise<{ token: string; verify: ReturnType<typeof localJwksVerifier> }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'perf', alg: 'ES256', use: 'sig' };
  const issuer = identityIssuer(ORIGIN);
  const token = await new SignJWT({ email: 'perf@croftcommon.test', roles: ['editor'], aal: 'aal1', amr: ['otp'], session_id: 'perf', mfa: false })
    .setProtectedHeader({ alg: 'ES256', kid: 'perf' })
    .setSubject('user-perf')
    .setIssuer(issuer)
    .setAudience('croft')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  return { token, verify: localJwksVerifier({ jwks: { keys: [jwk] }, issuer }) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const mongo = await connectMongo({ dbName: 'perf_publish_drafts' });
  const { token, verify } = await editorToken();
  const content = createContentService({
    db: mongo.connection,
    clock: systemClock,
    logger: silentLogger(),
    verifyAccessToken: verify,
    editorWritesPerMinute: 1_000_000,
    jobPollMs: 0,
  });
  await content.seed();
  const app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: ORIGIN });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/content/editor/publish`;

  // N texts spread over the pages: a 'bench' section with its own keys, so the seeded text is untouched.
  const keys: TextKey[] = Array.from({ length: drafts }, (_, i) => ({
    page: PAGE_KEYS[i % PAGE_KEYS.length],
    section: 'bench',
    content_key: `text_${i}`,
  }));
  const actor = { id: 'user-perf', email: 'perf@croftcommon.test' };
  const timings: number[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const items: (TextKey & { revision: number })[] = [];
      for (const key of keys) {
        const saved = await content.editor.saveDraft(key, { text: `Round ${round}: ${key.content_key}` }, round - 1, actor);
        if (!saved.ok) throw new Error(`seeding ${key.page}/${key.content_key} failed: ${saved.reason}`);
        items.push({ ...key, revision: saved.version.revision });
      }
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Authorization: `Bearer ${token}` },
        body: JSON.stringify({ items }),
      });
      const body = publishResponseSchema.parse(await response.json());
      const ms = performance.now() - started;
      if (response.status !== 200 || body.published.length !== drafts || body.conflicts.length !== 0) {
        throw new Error(`round ${round}: ${response.status}, ${body.published.length} published, ${body.conflicts.length} conflicts`);
      }
      timings.push(ms);
      console.info(`round ${round}: published ${drafts} drafts in one request in ${ms.toFixed(0)} ms`);
    }
    console.info(
      `\npublish ${drafts} drafts (embedded store, in process): median ${median(timings).toFixed(0)} ms, ` +
        `best ${Math.min(...timings).toFixed(0)} ms, worst ${Math.max(...timings).toFixed(0)} ms over ${rounds} rounds ` +
        `(${((median(timings) / drafts) * 1000).toFixed(0)} µs per draft)`,
    );
  } finally {
    server.close();
    await content.close();
    await mongo.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
