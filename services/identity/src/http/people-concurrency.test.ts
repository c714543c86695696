/**
 * Staff roles under races, without ADMIN_EMAIL (so the last admin can be reached): the last
 * admin keeps admin, two admins demoting each other at once leave one, and a pending grant that
 * changes while its person signs in for the first time ends as the newest grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE } from '@croft/contracts';
import { silentLogger } from '@croft/service-kit';
import { createAccessLists } from '../domain/access-lists';
import { createCounters } from '../domain/counters';
import { DEFAULT_LIMITS } from '../domain/limits';
import { createPeople } from '../domain/people';
import { expectError, signIn, startHarness, type Harness } from '../testing/harness';
import { putRoles, setRoles, signedIn } from '../testing/staff';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('people_races', { adminEmail: undefined });
});

afterAll(async () => {
  await h?.stop();
});

const rolesOf = async (email: string) => (await h.identity.models.user.findOne({ email }).lean())?.roles;
const adminCount = () => h.identity.models.user.countDocuments({ roles: 'admin' });

/** An admin (set in the database: there is no ADMIN_EMAIL here) signed in at aal2. */
async function makeAdmin(email: string): Promise<string> {
  await signIn(h, email);
  await h.identity.models.user.updateOne({ email }, { $set: { roles: ['admin'] } });
  return (await signedIn(h, email, { aal2: true })).session.access_token;
}

describe('the last admin', () => {
  it('the only admin cannot remove their own admin role (409 last_admin), and nothing is audited', async () => {
    const token = await makeAdmin('only.admin@example.com');
    for (const roles of [[], ['editor', 'staff']] as const) {
      const refused = await putRoles(h, token, { email: 'only.admin@example.com', roles });
      expect(expectError(refused, 409, 'last_admin')).toBe(LAST_ADMIN_MESSAGE);
    }
    expect(await rolesOf('only.admin@example.com')).toEqual(['admin']);
    expect((await h.identity.audit.list({ limit: 100 })).items).toEqual([]);
    // Other roles beside admin are fine.
    expect((await setRoles(h, token, 'only.admin@example.com', ['editor', 'admin'])).roles).toEqual(['editor', 'admin']);
  });

  it('two admins demoting each other at the same moment always leave at least one admin', async () => {
    const a = await makeAdmin('twin.a@example.com');
    const b = await makeAdmin('twin.b@example.com');
    await setRoles(h, a, 'only.admin@example.com', []); // down to exactly these two
    for (let round = 0; round < 8; round += 1) {
      const [ra, rb] = await Promise.all([
        putRoles(h, a, { email: 'twin.b@example.com', roles: [] }),
        putRoles(h, b, { email: 'twin.a@example.com', roles: [] }),
      ]);
      const answers = [ra, rb];
      expect(answers.filter((r) => r.status === 200).length, JSON.stringify([ra.body, rb.body])).toBeLessThanOrEqual(1);
      for (const r of answers) {
        // Refused by the rule, or (when the other demotion landed first) no longer an admin.
        if (r.status === 409) expectError(r, 409, 'last_admin');
        else if (r.status === 403) expectError(r, 403, 'forbidden');
        else expect(r.status).toBe(200);
      }
      expect(await adminCount()).toBeGreaterThanOrEqual(1);
      // Two admins again for the next round.
      await h.identity.models.user.updateMany({ email: { $in: ['twin.a@example.com', 'twin.b@example.com'] } }, { $set: { roles: ['admin'] } });
    }
  });

  it('re-checks after its own write: a demotion that passed a stale count puts the roles back (409 last_admin)', async () => {
    // The interleaving of two crossing demotions, made certain: the other admin is already
    // demoted, but this request's first count still saw two admins.
    await h.identity.models.user.updateMany({ roles: 'admin' }, { $set: { roles: [] } });
    await h.identity.models.user.updateOne({ email: 'twin.a@example.com' }, { $set: { roles: ['editor', 'admin'] } });
    const a = await h.identity.models.user.findOne({ email: 'twin.a@example.com' }).lean();
    let counts = 0;
    const user = new Proxy(h.identity.models.user, {
      get(target, prop) {
        if (prop === 'countDocuments') {
          counts += 1;
          if (counts === 1) return async () => 2; // the stale first count
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const recorded: unknown[] = [];
    const people = createPeople({
      models: { ...h.identity.models, user },
      clock: h.clock,
      logger: silentLogger(),
      counters: createCounters(h.identity.models.counter, h.clock),
      accessLists: accessListsFor(),
      audit: { record: async (event) => void recorded.push(event) },
      limits: DEFAULT_LIMITS,
    });
    await expect(people.setRoles({ id: a!._id }, 'twin.a@example.com', [])).rejects.toMatchObject({ kind: 'last_admin', message: LAST_ADMIN_MESSAGE });
    expect(counts).toBe(2);
    expect(await rolesOf('twin.a@example.com')).toEqual(['editor', 'admin']);
    expect(recorded).toEqual([]);
  });
});

const accessListsFor = () =>
  createAccessLists({ models: h.identity.models, counters: createCounters(h.identity.models.counter, h.clock), clock: h.clock, limits: DEFAULT_LIMITS });

describe('a pending grant and a first sign-in at the same moment', () => {
  const accessLists = accessListsFor;

  async function createdWith(email: string, change: () => Promise<void>) {
    const lists = accessLists();
    const initial = await lists.initialRoles(email); // the sign-in reads the grant…
    await change(); // …an admin changes it…
    const id = `user-${email}`;
    await h.identity.models.user.create({ _id: id, email, roles: initial.roles, created_at: h.clock.now(), updated_at: h.clock.now() });
    await lists.consumeGrant(email, id, initial.grantRev); // …and the new account consumes it.
    return { initial, roles: await rolesOf(email), grant: await h.identity.models.roleGrant.findById(email).lean() };
  }

  it('a grant changed in between is applied as changed, and consumed', async () => {
    const lists = accessLists();
    await lists.writeGrant('race.changed@example.com', ['editor'], 'admin-1');
    const result = await createdWith('race.changed@example.com', async () => {
      await lists.writeGrant('race.changed@example.com', ['staff'], 'admin-1');
    });
    expect(result.initial.roles).toEqual(['editor']);
    expect(result.roles).toEqual(['staff']);
    expect(result.grant).toBeNull();
  });

  it('a grant emptied in between takes the roles away again, and is consumed', async () => {
    const lists = accessLists();
    await lists.writeGrant('race.emptied@example.com', ['editor', 'admin'], 'admin-1');
    const result = await createdWith('race.emptied@example.com', async () => {
      await lists.writeGrant('race.emptied@example.com', [], 'admin-1');
    });
    expect(result.initial.roles).toEqual(['editor', 'admin']);
    expect(result.roles).toEqual([]);
    expect(result.grant).toBeNull();
  });

  it('an unchanged grant is consumed as read', async () => {
    const lists = accessLists();
    await lists.writeGrant('race.same@example.com', ['staff'], 'admin-1');
    const result = await createdWith('race.same@example.com', async () => undefined);
    expect(result.roles).toEqual(['staff']);
    expect(result.grant).toBeNull();
  });

  it('a grant set through the API while the account appears is moved onto the account', async () => {
    const token = await makeAdmin('mover@example.com');
    // The account exists (created a moment ago), but a grant for it is still written: the PUT
    // finds the account on its re-check and applies the roles there.
    const lists = accessLists();
    await h.identity.models.user.create({ _id: 'user-appearing', email: 'appearing@example.com', roles: [], created_at: h.clock.now(), updated_at: h.clock.now() });
    await lists.writeGrant('appearing@example.com', ['editor'], 'admin-1');
    const person = await setRoles(h, token, 'appearing@example.com', ['staff']);
    expect(person).toMatchObject({ user_id: 'user-appearing', roles: ['staff'] });
    expect(await rolesOf('appearing@example.com')).toEqual(['staff']);
  });
});
