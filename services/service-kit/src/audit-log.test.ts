import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_DETAIL_MAX, auditListResponseSchema } from '@croft/contracts';
import { manualClock } from './clock';
import { connectMongo, type MongoHandle } from './mongo';
import { auditEventModel, createAuditLog, InvalidAuditCursorError } from './audit-log';

let mongo: MongoHandle;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: 'kit_audit_log' });
});

afterAll(async () => {
  await mongo?.stop();
});

describe('createAuditLog', () => {
  it('records events and lists them newest first, with the actor, target and detail', async () => {
    const clock = manualClock(Date.UTC(2026, 5, 1, 9));
    const log = createAuditLog(mongo.connection, 'kit-a', { clock });
    await log.record({ actor: { id: 'u1', email: 'ann@example.com' }, action: 'text.draft_saved', target: 'cafe/hero/title', detail: 'revision 2' });
    clock.advance(1000);
    await log.record({ actor: null, action: 'text.published', target: 'cafe/hero/title', detail: 'revision 2 live' });

    const page = await log.list({ limit: 10 });
    expect(auditListResponseSchema.safeParse(page).success).toBe(true);
    expect(page.next_cursor).toBeUndefined();
    expect(page.items.map((e) => e.action)).toEqual(['text.published', 'text.draft_saved']);
    expect(page.items[0]).toMatchObject({ service: 'kit-a', actor: null, target: 'cafe/hero/title', detail: 'revision 2 live' });
    expect(page.items[0]?.at).toBe(new Date(Date.UTC(2026, 5, 1, 9, 0, 1)).toISOString());
    expect(page.items[1]?.actor).toEqual({ id: 'u1', email: 'ann@example.com' });
  });

  it('keeps each service to its own events', async () => {
    const one = createAuditLog(mongo.connection, 'kit-b1');
    const two = createAuditLog(mongo.connection, 'kit-b2');
    await one.record({ actor: { id: 'x' }, action: 'role.granted', target: 'ann@example.com', detail: 'editor granted' });
    await two.record({ actor: { id: 'y' }, action: 'text.published', target: 'bar/hero/title', detail: 'revision 1 live' });
    expect((await one.list({ limit: 10 })).items.map((e) => e.action)).toEqual(['role.granted']);
    expect((await two.list({ limit: 10 })).items.map((e) => e.service)).toEqual(['kit-b2']);
    expect((await one.list({ limit: 10 })).items[0]?.actor).toEqual({ id: 'x' });
  });

  it('pages with next_cursor through events that share a millisecond, without gaps or repeats', async () => {
    const clock = manualClock(Date.UTC(2026, 6, 1));
    const log = createAuditLog(mongo.connection, 'kit-c', { clock });
    for (let i = 0; i < 7; i += 1) {
      if (i % 3 === 0) clock.advance(5);
      await log.record({ actor: null, action: 'text.published', target: `t${i}`, detail: String(i) });
    }
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await log.list({ limit: 2, ...(before ? { before } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => e.target));
      if (page.next_cursor) expect(page.next_cursor).toMatch(/^\d{1,15}-[a-f0-9]{24}$/);
      before = page.next_cursor;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual(['t6', 't5', 't4', 't3', 't2', 't1', 't0']);

    // An event recorded after the first page was read does not shift the next pages.
    const first = await log.list({ limit: 3 });
    clock.advance(5);
    await log.record({ actor: null, action: 'text.published', target: 'late', detail: '' });
    const second = await log.list({ limit: 3, before: first.next_cursor });
    expect(second.items.map((e) => e.target)).toEqual(['t3', 't2', 't1']);
  });

  it('cuts long details to AUDIT_DETAIL_MAX and refuses a bad action or cursor', async () => {
    const log = createAuditLog(mongo.connection, 'kit-d');
    await log.record({ actor: null, action: 'text.published', target: 'x', detail: 'a'.repeat(AUDIT_DETAIL_MAX + 50) });
    const [event] = (await log.list({ limit: 1 })).items;
    expect(event?.detail.length).toBe(AUDIT_DETAIL_MAX);
    await expect(log.record({ actor: null, action: 'Published', target: 'x', detail: '' })).rejects.toThrow(/area\.verb/);
    await expect(log.list({ limit: 5, before: 'nope' })).rejects.toBeInstanceOf(InvalidAuditCursorError);
    expect((await log.list({ limit: 5 })).items).toHaveLength(1);
  });

  it('declares the (service, at, _id) index', async () => {
    const model = auditEventModel(mongo.connection);
    await model.init();
    const indexes = await model.collection.indexes();
    expect(indexes.some((i) => i.key.service === 1 && i.key.at === -1 && i.key._id === -1)).toBe(true);
  });
});
