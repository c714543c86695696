import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capabilities,
  composeServices,
  connectMongo,
  createAuditLog,
  createDiskBlobStore,
  manualClock,
  silentLogger,
  supply,
  type BlobStore,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import type { AddLoyaltyEntryResponse, LoyaltyEntryKind } from '@croft/contracts';
import { createCardStore } from '../data/card-store';
import { loyaltyModels, type LoyaltyModels } from '../data/loyalty-models';
import { loyaltyModule } from '../module';
import { cupPhoto } from '../testing/photos';
import { createLoyalty, type AddRefusal, type Loyalty, type Member } from './loyalty';

// Staff analytics' loyalty figures (capability loyaltyStats): punches and rewards added in
// [from, to), voided and deleted photos left out. Data made through the domain, as members do.

const FROM = new Date('2030-06-01T00:00:00.000Z');
const TO = new Date('2030-06-02T00:00:00.000Z');
const WINDOW = { from: FROM, to: TO };
const at = (ms: number) => new Date(FROM.getTime() + ms);

let mongo: MongoHandle;
let models: LoyaltyModels;
let dir: string;
let blobs: BlobStore;
const clock = manualClock('2030-05-31T12:00:00.000Z');
let loyalty: Loyalty;
const staff = { id: 'staff-1', email: 'staff@croft.example', roles: ['staff'] };

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `loyalty_stats_${process.pid}` });
  models = loyaltyModels(mongo.connection);
  await Promise.all([models.card.init(), models.entry.init(), models.daily.init()]);
  dir = await mkdtemp(join(tmpdir(), 'loyalty-stats-blobs-'));
  blobs = createDiskBlobStore({ root: dir });
  loyalty = createLoyalty({
    store: createCardStore(models),
    blobs,
    signUrl: (key) => key,
    isActiveSubscriber: async () => true,
    audit: createAuditLog(mongo.connection, 'loyalty', { clock }),
    clock,
    logger: silentLogger(),
    dailyCap: 100,
  });
});
afterAll(async () => {
  await mongo?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

let photoSeed = 500;
async function add(member: Member, cardId: string, box: number, kind: LoyaltyEntryKind, when: Date): Promise<string> {
  clock.set(when.toISOString());
  const result: AddLoyaltyEntryResponse | AddRefusal = await loyalty.addEntry(member, cardId, box, kind, await cupPhoto(++photoSeed, 640, 480));
  if (typeof result === 'string') throw new Error(`refused: ${result}`);
  return result.entry.id;
}
async function start(member: Member, when: Date) {
  clock.set(when.toISOString());
  const started = await loyalty.start(member);
  if (typeof started === 'string') throw new Error(started);
  return started.card;
}

describe('loyalty stats', () => {
  const ada: Member = { id: 'stats-ada', email: 'ada@example.com' };
  const bob: Member = { id: 'stats-bob', email: 'bob@example.com' };
  const cy: Member = { id: 'stats-cy', email: 'cy@example.com' };
  let adaPunch3 = '';

  it('counts nothing in an empty store or an empty window', async () => {
    expect(await loyalty.stats(WINDOW)).toEqual({ punches: 0, rewards: 0 });
  });

  it('counts punches and rewards (regular box 7 and Lucky #7 boxes) added in [from, to)', async () => {
    // Ada: punch 1 a millisecond before the window, punches 2–6 inside (2 exactly at from), the
    // reward at the window's last millisecond; the card completes.
    const adaCard = await start(ada, at(-3_600_000));
    await add(ada, adaCard.id, 1, 'punch', at(-1));
    await add(ada, adaCard.id, 2, 'punch', at(0));
    adaPunch3 = await add(ada, adaCard.id, 3, 'punch', at(1_000));
    for (const box of [4, 5, 6]) await add(ada, adaCard.id, box, 'punch', at(box * 60_000));
    await add(ada, adaCard.id, 7, 'reward', at(TO.getTime() - FROM.getTime() - 1));

    // Bob: one punch he deletes again (open card), one staff void, one exactly at `to` (outside).
    const bobCard = await start(bob, at(0));
    const deleted = await add(bob, bobCard.id, 1, 'punch', at(10_000));
    const voided = await add(bob, bobCard.id, 2, 'punch', at(20_000));
    await add(bob, bobCard.id, 3, 'punch', TO);
    expect(await loyalty.deleteEntry(bob, deleted)).toMatchObject({ card: { punches_count: 2 } });
    expect(await loyalty.staffVoid(staff, voided, 'not a coffee')).toBe('voided');

    // Cy has six completed regular cards behind him, so his next card is a Lucky #7 (rewards only).
    for (let n = 0; n < 6; n++) {
      await models.card.create({
        user_id: cy.id, email: cy.email, card_type: 'regular', punches_required: 6, rewards_required: 1,
        punches_count: 6, rewards_count: 1, is_complete: true, created_at: at(-86_400_000 * (10 - n)), completed_at: at(-86_400_000 * (9 - n)),
      });
    }
    const lucky = await start(cy, at(0));
    expect(lucky.card_type).toBe('lucky7');
    await add(cy, lucky.id, 1, 'reward', at(30_000));
    await add(cy, lucky.id, 2, 'reward', at(40_000));
    await add(cy, lucky.id, 3, 'reward', at(-30_000));

    expect(await loyalty.stats(WINDOW)).toEqual({ punches: 5, rewards: 3 });
    // Boundaries: from is included, to is not.
    expect(await loyalty.stats({ from: at(0), to: at(1) })).toEqual({ punches: 1, rewards: 0 });
    expect(await loyalty.stats({ from: at(-1), to: at(0) })).toEqual({ punches: 1, rewards: 0 });
    expect(await loyalty.stats({ from: TO, to: new Date(TO.getTime() + 1) })).toEqual({ punches: 1, rewards: 0 });
    expect(await loyalty.stats({ from: at(-60_000), to: at(0) })).toEqual({ punches: 1, rewards: 1 });
    // An empty or reversed window counts nothing.
    expect(await loyalty.stats({ from: at(0), to: at(0) })).toEqual({ punches: 0, rewards: 0 });
    expect(await loyalty.stats({ from: TO, to: FROM })).toEqual({ punches: 0, rewards: 0 });
  });

  it('stops counting a photo staff voided, even on a completed card', async () => {
    expect(await loyalty.staffVoid(staff, adaPunch3, 'same cup twice')).toBe('voided');
    expect(await loyalty.stats(WINDOW)).toEqual({ punches: 4, rewards: 3 });
  });

  it('is what the module provides as loyaltyStats in a composition', async () => {
    const mailer: Mailer = { send: () => Promise.resolve({ messageId: 'test' }), close: () => undefined };
    const composed = await composeServices({
      modules: [loyaltyModule],
      supplied: [supply(capabilities.isActiveSubscriber, async () => true)],
      db: mongo.connection,
      mailer,
      logger: silentLogger(),
      clock,
      env: { PUBLIC_ORIGIN: 'https://croft.example' },
      jobs: { poll: false },
      seed: false,
      blobs,
    });
    try {
      const provided = composed.provided(capabilities.loyaltyStats);
      expect(provided).toBeDefined();
      expect(await provided!(WINDOW)).toEqual({ punches: 4, rewards: 3 });
    } finally {
      await composed.close();
    }
  });
});
