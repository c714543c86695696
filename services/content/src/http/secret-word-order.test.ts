import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  SECRET_WORD_ORDER_MISMATCH_MESSAGE,
  auditListResponseSchema,
  secretWordListResponseSchema,
  secretWordStaffListResponseSchema,
  type IdentityRole,
  type SecretWordRow,
} from '@croft/contracts';
import { secretWordModel } from '../data/secret-word-model';
import { SECRET_WORD_SEED, assignMissingSortOrders } from '../data/secret-word-store';
import { HARNESS_ORIGIN as ORIGIN, expectError, setupContentHarness, type Caller } from '../testing/content-harness';

const h = setupContentHarness({ dbName: 'content_word_order', now: '2030-03-01T09:00:00Z' });

const editor = { roles: ['editor'] as IdentityRole[], email: 'ann.editor@croftcommon.test', sub: 'user-ann' };

async function membersList(): Promise<string[]> {
  const response = await request(h.app).get('/api/content/secret-words');
  expect(response.status).toBe(200);
  return secretWordListResponseSchema.parse(response.body).items;
}

async function staffList(who: Caller = editor): Promise<SecretWordRow[]> {
  const response = await h.call('get', '/secret-words/all', who);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return secretWordStaffListResponseSchema.parse(response.body).items;
}

const active = (rows: SecretWordRow[]) => rows.filter((r) => r.is_active);

const reorder = (body: unknown, who: Caller = editor) => h.call('put', '/secret-words/order', who, body);
const post = (word: string) => h.call('post', '/secret-words', editor, { word });
const patch = (id: string, isActive: boolean) => h.call('patch', `/secret-words/${id}`, editor, { is_active: isActive });

async function auditEvents() {
  const response = await h.call('get', '/audit?limit=100', { roles: ['admin'] });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return auditListResponseSchema.parse(response.body).items.filter((e) => e.action.startsWith('secret_word.'));
}

/** The same state: every word's order and activity. */
const snapshot = async () => (await h.content.models.secretWord.find({}, { word: 1, is_active: 1, sort_order: 1 }).sort({ _id: 1 }).lean()).map((d) => [d.word, d.is_active, d.sort_order]);

describe('GET /api/content/secret-words/all', () => {
  it('lists every word with its id: the active ones in order, then the retired ones', async () => {
    const cask = (await staffList()).find((r) => r.word === 'cask')!;
    expect((await patch(cask.id, false)).status).toBe(200);
    const rows = await staffList();
    expect(rows.map((r) => r.word)).toEqual([...SECRET_WORD_SEED.map((s) => s.word).filter((w) => w !== 'cask'), 'cask']);
    expect(rows.at(-1)).toMatchObject({ id: cask.id, is_active: false });
    expect(rows.every((r) => /^[0-9a-f]{24}$/.test(r.id))).toBe(true);
    expect((await patch(cask.id, true)).status).toBe(200);
  });

  it('is for editors, staff and admins only; any query is refused', async () => {
    expectError(await h.call('get', '/secret-words/all', null), 401, 'not_authenticated');
    expectError(await h.call('get', '/secret-words/all', { roles: [] }), 403, 'forbidden');
    for (const roles of [['editor'], ['staff'], ['admin']] as const) {
      expect((await staffList({ roles: [...roles] })).length).toBeGreaterThan(0);
    }
    expectError(await h.call('get', '/secret-words/all', { roles: ['editor'], mfa: true, aal: 'aal1' }), 403, 'aal2_required');
    expectError(await h.call('get', '/secret-words/all?is_active=false', editor), 400, 'invalid_request');
    expectError(await h.call('get', '/secret-words/all?word[$ne]=x', editor), 400, 'invalid_request');
  });
});

describe('PUT /api/content/secret-words/order', () => {
  it('puts the active words in the given order; the members’ list (the word of the day’s) follows at once', async () => {
    const start = active(await staffList());
    const ids = start.map((r) => r.id);
    const reversed = [...ids].reverse();
    const response = await reorder({ ids: reversed });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const answered = secretWordStaffListResponseSchema.parse(response.body).items;
    expect(active(answered).map((r) => r.id)).toEqual(reversed);
    const words = active(answered).map((r) => r.word);
    // The members' read is cached for 5 s; a reorder on this instance drops the cache.
    expect(await membersList()).toEqual(words);
    expect(active(await staffList()).map((r) => r.id)).toEqual(reversed);
    // The day-of-year pick indexes this list: day 0 now gives the word that was last.
    expect((await membersList())[0]).toBe(start.at(-1)!.word);

    const [event] = await auditEvents();
    expect(event).toMatchObject({
      action: 'secret_word.reordered',
      target: 'secret words',
      actor: { id: 'user-ann', email: 'ann.editor@croftcommon.test' },
    });
    expect(event.detail).toBe(`new order: ${words.join(', ')}`);

    // The same order again moves nothing and logs nothing.
    const count = (await auditEvents()).length;
    expect((await reorder({ ids: reversed })).status).toBe(200);
    expect((await auditEvents()).length).toBe(count);
    expect((await reorder({ ids })).status).toBe(200);
    expect(await membersList()).toEqual(start.map((r) => r.word));
  });

  it('refuses a list that is not exactly the active words (409), and moves nothing', async () => {
    const rows = await staffList();
    const ids = active(rows).map((r) => r.id);
    const before = await snapshot();
    const gromit = rows.find((r) => r.word === 'gromit')!;
    expect((await patch(gromit.id, false)).status).toBe(200);
    const retired = gromit.id;
    const withoutRetired = ids.filter((id) => id !== retired);
    const mismatches = [
      ids, // still names the word retired meanwhile
      withoutRetired.slice(1), // one missing
      [...withoutRetired, '0123456789abcdef01234567'], // an unknown word
      [], // none
    ];
    const during = await snapshot();
    for (const list of mismatches) {
      const message = expectError(await reorder({ ids: list }), 409, 'secret_word_order_mismatch');
      expect(message).toBe(SECRET_WORD_ORDER_MISMATCH_MESSAGE);
    }
    expect(await snapshot()).toEqual(during);
    expect((await patch(retired, true)).status).toBe(200);
    // Brought back at the end; the rest keep their order.
    expect(active(await staffList()).map((r) => r.id)).toEqual([...withoutRetired, retired]);
    expect(before.length).toBe((await snapshot()).length);
  });

  it('validates the body: unknown fields, operators, bad or repeated ids are a 400 and nothing changes', async () => {
    const ids = active(await staffList()).map((r) => r.id);
    const before = await snapshot();
    for (const body of [
      {},
      { ids: 'all' },
      { ids: { $ne: [] } },
      { ids, extra: true },
      { ids, $set: { sort_order: 0 } },
      { ids: [...ids.slice(0, -1), 'not-an-id'] },
      { ids: [...ids.slice(0, -1), { $gt: '' }] },
      { ids: [...ids, ids[0]] },
      { ids: Array.from({ length: 1001 }, (_, i) => i.toString(16).padStart(24, '0')) },
    ]) {
      expectError(await reorder(body), 400, 'invalid_request');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs an editor, staff or admin token, checked before the body', async () => {
    const ids = active(await staffList()).map((r) => r.id);
    const before = await snapshot();
    expectError(await reorder({ ids: [...ids].reverse() }, null), 401, 'not_authenticated');
    expectError(await reorder({ ids: [...ids].reverse() }, { roles: [] }), 403, 'forbidden');
    expectError(await reorder({ ids: [...ids].reverse() }, { roles: ['staff'], mfa: true, aal: 'aal1' }), 403, 'aal2_required');
    const cross = await request(h.app)
      .put('/api/content/secret-words/order')
      .set('Origin', 'https://evil.example')
      .set('Authorization', `Bearer ${await h.tokens.token(editor)}`)
      .send({ ids: [...ids].reverse() });
    expectError(cross, 403, 'forbidden_origin');
    expect(await snapshot()).toEqual(before);
    for (const roles of [['staff'], ['admin']] as const) {
      expect((await reorder({ ids }, { roles: [...roles] })).status).toBe(200);
    }
  });
});

describe('adding, retiring and bringing back words in an ordered list', () => {
  it('a new word goes to the end after a reorder; retiring keeps the others’ order; each change is audited once', async () => {
    const rows = active(await staffList());
    const ids = rows.map((r) => r.id);
    const moved = [ids[2], ids[0], ids[1], ...ids.slice(3)];
    expect((await reorder({ ids: moved })).status).toBe(200);
    const created = await post('Bedminster Bitter');
    expect(created.status).toBe(201);
    const newId = (created.body as SecretWordRow).id;
    expect(active(await staffList()).map((r) => r.id)).toEqual([...moved, newId]);
    expect((await membersList()).at(-1)).toBe('Bedminster Bitter');

    expect((await patch(moved[1], false)).status).toBe(200);
    const afterRetire = [moved[0], ...moved.slice(2), newId];
    expect(active(await staffList()).map((r) => r.id)).toEqual(afterRetire);
    // Retiring a retired word changes nothing and logs nothing.
    const count = (await auditEvents()).length;
    expect((await patch(moved[1], false)).status).toBe(200);
    expect((await auditEvents()).length).toBe(count);

    expect((await patch(moved[1], true)).status).toBe(200);
    expect(active(await staffList()).map((r) => r.id)).toEqual([...afterRetire, moved[1]]);
    // Bringing back an active word does not move it.
    expect((await patch(newId, true)).status).toBe(200);
    expect(active(await staffList()).map((r) => r.id)).toEqual([...afterRetire, moved[1]]);

    const events = (await auditEvents()).slice(0, 4).map((e) => [e.action, e.target, e.actor?.email]);
    expect(events).toEqual([
      ['secret_word.restored', rows[0].word, 'ann.editor@croftcommon.test'],
      ['secret_word.retired', rows[0].word, 'ann.editor@croftcommon.test'],
      ['secret_word.created', 'Bedminster Bitter', 'ann.editor@croftcommon.test'],
      ['secret_word.reordered', 'secret words', 'ann.editor@croftcommon.test'],
    ]);
  });

  it('a refused word (duplicate) is not audited', async () => {
    const count = (await auditEvents()).length;
    expectError(await post('CHEERS'), 409, 'secret_word_exists');
    expect((await auditEvents()).length).toBe(count);
  });
});

describe('words saved before sort_order (an older database)', () => {
  it('are numbered by created_at at start, once, even with two instances starting together; a later reorder is kept', async () => {
    const db = h.mongo.connection.useDb(`content_word_migration_${process.pid}`);
    const model = secretWordModel(db);
    await model.init();
    const at = (iso: string) => new Date(iso);
    // Written as the old service did: no sort_order at all (straight into the collection), not in _id order.
    await model.collection.insertMany([
      { word: 'porter', word_key: 'porter', is_active: true, created_at: at('2025-03-01T00:00:00Z') },
      { word: 'mild', word_key: 'mild', is_active: true, created_at: at('2025-01-15T00:00:00Z') },
      { word: 'stout', word_key: 'stout', is_active: false, created_at: at('2025-02-01T00:00:00Z') },
      { word: 'bitter', word_key: 'bitter', is_active: true, created_at: at('2025-02-10T00:00:00Z') },
    ]);
    const { service: one, app: oneApp } = h.another({ db });
    const { service: two } = h.another({ db });
    try {
      const members = async () => secretWordListResponseSchema.parse((await request(oneApp).get('/api/content/secret-words')).body).items;

      await Promise.all([one.seed({ secretWords: [] }), two.seed({ secretWords: [] })]);
      const docs = await model.find({}, { word: 1, sort_order: 1, created_at: 1 }).lean();
      expect(docs.every((d) => d.sort_order === d.created_at.getTime())).toBe(true);
      one.invalidateCache();
      expect(await members()).toEqual(['mild', 'bitter', 'porter']);
      expect(await assignMissingSortOrders(model)).toBe(0);

      // Staff reorder, then the service restarts: the order stays.
      const ids = (await model.find({ is_active: true }).sort({ sort_order: 1 }).lean()).map((d) => d._id.toHexString());
      const put = await request(oneApp)
        .put('/api/content/secret-words/order')
        .set('Origin', ORIGIN)
        .set('Authorization', `Bearer ${await h.tokens.token(editor)}`)
        .send({ ids: [ids[2], ids[0], ids[1]] });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      await one.seed({ secretWords: [] });
      one.invalidateCache();
      expect(await members()).toEqual(['porter', 'mild', 'bitter']);
      // The seed's words go in by their created_at, after the reordered ones.
      await one.seed();
      one.invalidateCache();
      expect((await members()).slice(0, 4)).toEqual(['porter', 'mild', 'bitter', SECRET_WORD_SEED[0].word]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await db.dropDatabase();
    }
  });
});
