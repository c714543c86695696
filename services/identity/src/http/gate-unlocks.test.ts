import request from 'supertest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RAW_RETENTION_DAYS } from '@croft/contracts';
import { capabilities, composeServices, createDiskBlobStore, silentLogger, supply } from '@croft/service-kit';
import { identityModule } from '../module';
import { ORIGIN, requestCode, signIn, startHarness, type Harness } from '../testing/harness';
import { assertPasskey, linkMembership, post, registerPasskey, requestLinkCode, softAuthenticator } from '../testing/passkey-flow';

// Staff analytics' gate figures (capability gateUnlockStats): members' gates opened in [from, to)
// by how membership was proved, each proof made through the HTTP API as the browser makes it.

const FROM = new Date('2030-03-02T00:00:00.000Z');
const TO = new Date('2030-03-03T00:00:00.000Z');
const WINDOW = { from: FROM, to: TO };
const at = (ms: number) => new Date(FROM.getTime() + ms);
const LAST_MS = TO.getTime() - FROM.getTime() - 1;

let h: Harness;
beforeAll(async () => {
  h = await startHarness('gate_unlocks', { limits: { webauthnPerIp: { windowMs: 60_000, limit: 10_000 } } });
  await h.identity.models.gateUnlock.init();
});
afterAll(async () => {
  await h?.stop();
});

const stats = (window = WINDOW) => h.identity.gateUnlockStats(window);
const setClock = (when: Date) => h.clock.set(when.toISOString());

/** A device with a passkey whose handle is linked to `email` (a member), linked at `when`. */
async function linkedDevice(email: string, when: Date) {
  setClock(when);
  const authenticator = softAuthenticator();
  const { userHandle } = await registerPasskey(h, authenticator);
  await linkMembership(h, userHandle, email);
  return { authenticator, userHandle };
}

describe('gate unlock stats', () => {
  it('counts nothing before anyone proves membership', async () => {
    expect(await stats()).toEqual({ passkey: 0, link: 0, email: 0 });
  });

  it('passkey: a verified passkey of a linked member, in [from, to); not an unlinked handle, a lapsed member or a refused assertion', async () => {
    // Linked an hour before the window: one link unlock outside it.
    const ada = await linkedDevice('ada@example.com', at(-3_600_000));
    setClock(at(-1));
    expect(await assertPasskey(h, ada.authenticator, ada.userHandle)).toMatchObject({ verified: true, hasExistingLink: true });
    setClock(at(0));
    expect(await assertPasskey(h, ada.authenticator, ada.userHandle)).toMatchObject({ verified: true, hasExistingLink: true });
    setClock(at(LAST_MS));
    expect(await assertPasskey(h, ada.authenticator, ada.userHandle)).toMatchObject({ verified: true, hasExistingLink: true });
    setClock(TO);
    expect(await assertPasskey(h, ada.authenticator, ada.userHandle)).toMatchObject({ verified: true, hasExistingLink: true });

    // A passkey nobody linked: verified, but the gate goes on to the link step.
    setClock(at(60_000));
    const stranger = softAuthenticator();
    const { userHandle: strangerHandle } = await registerPasskey(h, stranger);
    expect(await assertPasskey(h, stranger, strangerHandle)).toMatchObject({ verified: true, hasExistingLink: false });

    // A member who unsubscribed: the passkey still verifies, the gate does not open.
    const bob = await linkedDevice('bob@example.com', at(-7_200_000));
    h.members.delete('bob@example.com');
    setClock(at(120_000));
    expect(await assertPasskey(h, bob.authenticator, bob.userHandle)).toMatchObject({ verified: true, hasExistingLink: false });
    h.members.add('bob@example.com');

    // A refused assertion (the authenticator's counter went backwards) records nothing.
    setClock(at(180_000));
    expect(await assertPasskey(h, ada.authenticator, ada.userHandle, { counter: 0 })).toMatchObject({ verified: false });

    expect(await stats()).toEqual({ passkey: 2, link: 0, email: 0 });
    expect(await stats({ from: at(-1), to: at(0) })).toEqual({ passkey: 1, link: 0, email: 0 });
    expect(await stats({ from: TO, to: new Date(TO.getTime() + 1) })).toEqual({ passkey: 1, link: 0, email: 0 });
    expect(await stats({ from: at(-7_200_000), to: at(-3_600_000 + 1) })).toEqual({ passkey: 0, link: 2, email: 0 });
  });

  it('link: a handle linked with the emailed membership code; not a wrong code', async () => {
    setClock(at(600_000));
    const authenticator = softAuthenticator();
    const { userHandle } = await registerPasskey(h, authenticator);
    h.members.add('cy@example.com');
    const code = await requestLinkCode(h, userHandle, 'cy@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(h, '/membership/verify-link', { userHandle, email: 'cy@example.com', code: wrong })).status).toBe(400);
    expect(await stats()).toEqual({ passkey: 2, link: 0, email: 0 });
    expect((await post(h, '/membership/verify-link', { userHandle, email: 'cy@example.com', code })).status).toBe(200);
    expect(await stats()).toEqual({ passkey: 2, link: 1, email: 0 });
  });

  it('email: a member signed in with an emailed code; not a non-member, a wrong code or a Secret Kitchens sign-in', async () => {
    h.members.add('dee@example.com');
    setClock(at(900_000));
    await signIn(h, 'dee@example.com');
    setClock(at(LAST_MS));
    await signIn(h, 'dee@example.com', { createUser: false });
    setClock(TO);
    await signIn(h, 'dee@example.com', { createUser: false });

    setClock(at(960_000));
    await signIn(h, 'staffer@croftcommon.co.uk'); // signed in, but not a member: no gate opens
    const code = await requestCode(h, 'dee@example.com', { createUser: false });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await request(h.app).post('/api/identity/verify').send({ email: 'dee@example.com', token: wrong, type: 'email' })).status).toBe(400);
    // Secret Kitchens is another gate: a member's Secret Kitchens sign-in is not counted here.
    h.members.add('chef@example.com');
    await signIn(h, 'chef@example.com', { createUser: false, data: { session_duration: 176400 } });

    expect(await stats()).toEqual({ passkey: 2, link: 1, email: 2 });
    expect(await stats({ from: TO, to: new Date(TO.getTime() + 1) })).toEqual({ passkey: 1, link: 0, email: 1 });
    expect(await stats({ from: at(0), to: at(0) })).toEqual({ passkey: 0, link: 0, email: 0 });
    expect(await stats({ from: TO, to: FROM })).toEqual({ passkey: 0, link: 0, email: 0 });
  });

  it('stores only the method, the time and the account: no handle, email, code or proof; kept 13 months by a TTL on at', async () => {
    const docs = await h.identity.models.gateUnlock.find({}).lean();
    expect(docs.length).toBe(10);
    for (const doc of docs) {
      expect(Object.keys(doc).sort()).toEqual(doc.user_id ? ['_id', 'at', 'method', 'user_id'] : ['_id', 'at', 'method']);
    }
    const dee = await h.identity.models.user.findOne({ email: 'dee@example.com' }).lean();
    expect(docs.filter((doc) => doc.method === 'email').map((doc) => doc.user_id)).toEqual([dee!._id, dee!._id, dee!._id]);
    const indexes = await h.identity.models.gateUnlock.collection.indexes();
    expect(indexes.find((i) => i.key.at === 1)).toMatchObject({ expireAfterSeconds: ANALYTICS_RAW_RETENTION_DAYS * 24 * 60 * 60 });
  });

  it('is what the module provides as gateUnlockStats in a composition', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'identity-gate-blobs-'));
    const composed = await composeServices({
      modules: [identityModule],
      supplied: [supply(capabilities.isActiveSubscriber, async () => true)],
      db: h.mongo.connection,
      mailer: h.mailer,
      logger: silentLogger(),
      clock: h.clock,
      env: { PUBLIC_ORIGIN: ORIGIN, CODE_PEPPER: 'test-pepper-0123456789-0123456789-abcdef' },
      jobs: { poll: false },
      seed: false,
      blobs: createDiskBlobStore({ root: dir }),
    });
    try {
      const provided = composed.provided(capabilities.gateUnlockStats);
      expect(provided).toBeDefined();
      expect(await provided!(WINDOW)).toEqual({ passkey: 2, link: 1, email: 2 });
    } finally {
      await composed.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
