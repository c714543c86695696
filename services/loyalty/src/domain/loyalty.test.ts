import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectMongo,
  createAuditLog,
  createDiskBlobStore,
  manualClock,
  silentLogger,
  type BlobStore,
  type MongoHandle,
} from '@croft/service-kit';
import type { AddLoyaltyEntryResponse } from '@croft/contracts';
import { createCardStore } from '../data/card-store';
import { loyaltyModels, type LoyaltyModels } from '../data/loyalty-models';
import { cupPhoto } from '../testing/photos';
import { createLoyalty, londonDay, type AddRefusal, type Loyalty, type Member } from './loyalty';

let mongo: MongoHandle;
let models: LoyaltyModels;
let dir: string;
let blobs: BlobStore;
let failPuts = false;
const subscribers = new Set<string>();
const clock = manualClock('2030-05-01T09:00:00.000Z');
let loyalty: Loyalty;
let audit: ReturnType<typeof createAuditLog>;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `loyalty_domain_${process.pid}` });
  models = loyaltyModels(mongo.connection);
  await Promise.all([models.card.init(), models.entry.init(), models.daily.init()]);
  dir = await mkdtemp(join(tmpdir(), 'loyalty-blobs-'));
  const disk = createDiskBlobStore({ root: dir });
  blobs = { ...disk, kind: disk.kind, put: (...args) => (failPuts ? Promise.reject(new Error('disk full')) : disk.put(...args)) };
  audit = createAuditLog(mongo.connection, 'loyalty', { clock });
  loyalty = createLoyalty({
    store: createCardStore(models),
    blobs,
    signUrl: (key, seconds) => `/blobs/${key}?exp=${seconds}`,
    isActiveSubscriber: async (email) => subscribers.has(email),
    audit,
    clock,
    logger: silentLogger(),
    dailyCap: 100,
  });
});
afterAll(async () => {
  await mongo?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  failPuts = false;
  clock.advance(60_000);
});

let seq = 0;
function newMember(): Member {
  const member = { id: `m${++seq}`, email: `member${seq}@example.com` };
  subscribers.add(member.email);
  return member;
}
let photoSeed = 100;
const freshPhoto = () => cupPhoto(++photoSeed, 900, 700);

function ok(result: AddLoyaltyEntryResponse | AddRefusal): AddLoyaltyEntryResponse {
  if (typeof result === 'string') throw new Error(`refused: ${result}`);
  return result;
}

async function startedCard(member: Member) {
  const started = await loyalty.start(member);
  if (typeof started === 'string') throw new Error(started);
  return started.card;
}

describe('the loyalty card', () => {
  it('refuses a card to someone who is not an active subscriber, and makes none', async () => {
    const member = newMember();
    subscribers.delete(member.email);
    expect(await loyalty.start(member)).toBe('not_subscriber');
    expect(await models.card.countDocuments({ user_id: member.id })).toBe(0);
    expect((await loyalty.view(member)).card).toBeNull();
  });

  it('fills six punches, unlocks box 7, completes on the reward and makes the next card', async () => {
    const member = newMember();
    const card = await startedCard(member);
    expect(await loyalty.addEntry(member, card.id, 7, 'reward', await freshPhoto())).toBe('not_unlocked');
    expect(await loyalty.addEntry(member, card.id, 3, 'reward', await freshPhoto())).toBe('reward_box');
    for (let box = 1; box <= 6; box++) {
      const added = ok(await loyalty.addEntry(member, card.id, box, 'punch', await freshPhoto()));
      expect(added.card.punches_count).toBe(box);
      expect(added.completed).toBe(false);
      expect(added.entry.signedUrl).toMatch(new RegExp(`^/blobs/loyalty/${member.id}/${card.id}/${box}-\\d+-[0-9a-f]{6}\\.webp\\?exp=3600$`));
    }
    const last = ok(await loyalty.addEntry(member, card.id, 7, 'reward', await freshPhoto()));
    expect(last).toMatchObject({ completed: true, card: { is_complete: true, punches_count: 6, rewards_count: 1 }, next_card: { card_type: 'regular', punches_count: 0 } });
    const view = await loyalty.view(member);
    expect(view.card?.id).toBe(last.next_card?.id);
    expect(view.entries).toEqual([]);
    expect(view.past).toEqual([expect.objectContaining({ id: card.id, card_type: 'regular', entries: 7 })]);
    // The completed card's photos stay: deleting one is refused.
    const [firstEntry] = await models.entry.find({ card_id: last.card.id }).lean();
    expect(await loyalty.deleteEntry(member, firstEntry._id.toHexString())).toBe('entry_not_found');
  });

  it('refuses the same photo twice on a card, a filled box, and a box a lucky7 card does not take', async () => {
    const member = newMember();
    const card = await startedCard(member);
    const photo = await freshPhoto();
    ok(await loyalty.addEntry(member, card.id, 1, 'punch', photo));
    expect(await loyalty.addEntry(member, card.id, 2, 'punch', photo)).toBe('duplicate_photo');
    expect(await loyalty.addEntry(member, card.id, 1, 'punch', await freshPhoto())).toBe('box_taken');
    expect(await loyalty.addEntry(member, card.id, 8, 'punch', await freshPhoto())).toBe('invalid_box');
    expect(await models.entry.countDocuments({ card_id: card.id })).toBe(1);
  });

  it('keeps to the daily cap (Europe/London days) and gives the slot back when an upload fails', async () => {
    const member = newMember();
    const card = await startedCard(member);
    const capped = createLoyalty({
      store: createCardStore(models),
      blobs,
      signUrl: (key) => key,
      isActiveSubscriber: async () => true,
      audit,
      clock,
      logger: silentLogger(),
      dailyCap: 2,
    });
    ok(await capped.addEntry(member, card.id, 1, 'punch', await freshPhoto()));
    failPuts = true;
    expect(await capped.addEntry(member, card.id, 2, 'punch', await freshPhoto())).toBe('storage_unavailable');
    failPuts = false;
    expect(await models.entry.countDocuments({ card_id: card.id })).toBe(1);
    ok(await capped.addEntry(member, card.id, 2, 'punch', await freshPhoto()));
    expect(await capped.addEntry(member, card.id, 3, 'punch', await freshPhoto())).toBe('daily_limit');
    const today = londonDay(clock.now());
    expect(await models.daily.findOne({ user_id: member.id, day: today }).lean()).toMatchObject({ count: 2 });
  });

  it('lets a member delete only their own photos, removing the file and the count', async () => {
    const owner = newMember();
    const other = newMember();
    const card = await startedCard(owner);
    const added = ok(await loyalty.addEntry(owner, card.id, 1, 'punch', await freshPhoto()));
    const stored = await models.entry.findById(added.entry.id).lean();
    expect(await blobs.head(stored!.image_url)).not.toBeNull();
    expect(await loyalty.deleteEntry(other, added.entry.id)).toBe('entry_not_found');
    expect(await loyalty.deleteEntry(owner, added.entry.id)).toEqual({ card: expect.objectContaining({ punches_count: 0, is_complete: false }) });
    expect(await blobs.head(stored!.image_url)).toBeNull();
    expect(await blobs.head(stored!.thumb_url)).toBeNull();
    expect(await loyalty.deleteEntry(owner, added.entry.id)).toBe('entry_not_found');
  });

  it('lets staff look a member up by email and void an entry, audited with before and after', async () => {
    const member = newMember();
    const card = await startedCard(member);
    const added = ok(await loyalty.addEntry(member, card.id, 1, 'punch', await freshPhoto()));
    const found = await loyalty.staffLookup(member.email.toUpperCase());
    expect(found).toMatchObject({ email: member.email, cards: [{ card: { id: card.id }, entries: [{ id: added.entry.id }] }] });
    expect(await loyalty.staffLookup('nobody@example.com')).toBe('member_not_found');
    expect(await loyalty.staffVoid({ id: 's1', email: 'staff@example.com' }, added.entry.id, 'not a coffee')).toBe('voided');
    expect(await loyalty.staffVoid({ id: 's1', email: 'staff@example.com' }, added.entry.id, 'again')).toBe('entry_not_found');
    const events = await audit.list({ limit: 5 });
    expect(events.items[0]).toMatchObject({
      action: 'loyalty.entry_voided',
      actor: { id: 's1', email: 'staff@example.com' },
      detail: 'punch photo voided: not a coffee (before: punches 1, rewards 0; after: punches 0, rewards 0)',
    });
  });
});
