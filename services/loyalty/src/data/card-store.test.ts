import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { connectMongo, type MongoHandle } from '@croft/service-kit';
import { createCardStore, type CardStore } from './card-store';
import { loyaltyModels, type LoyaltyEntryDoc, type LoyaltyModels } from './loyalty-models';

let mongo: MongoHandle;
let models: LoyaltyModels;
let store: CardStore;
const NOW = new Date('2030-03-01T09:00:00.000Z');

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `loyalty_store_${process.pid}` });
  models = loyaltyModels(mongo.connection);
  await Promise.all([models.card.init(), models.entry.init(), models.daily.init()]);
  store = createCardStore(models);
});
afterAll(async () => {
  await mongo?.stop();
});
beforeEach(async () => {
  await Promise.all([models.card.deleteMany({}), models.entry.deleteMany({}), models.daily.deleteMany({})]);
});

let seq = 0;
const member = () => ({ id: `user-${++seq}`, email: `member${seq}@example.com` });

function entry(cardId: Types.ObjectId, userId: string, index: number, kind: 'punch' | 'reward'): Omit<LoyaltyEntryDoc, '_id'> {
  return {
    card_id: cardId,
    user_id: userId,
    index,
    kind,
    image_url: `loyalty/${userId}/${cardId.toHexString()}/${index}-${Date.now()}.webp`,
    thumb_url: `loyalty/${userId}/${cardId.toHexString()}/${index}-${Date.now()}-thumb.webp`,
    phash: '0123456789abcdef',
    created_at: NOW,
  };
}

describe('the card store under concurrency', () => {
  it('makes one open card when a member starts a card from many requests at once', async () => {
    const who = member();
    const results = await Promise.all(Array.from({ length: 30 }, () => store.startCard(who, NOW)));
    expect(new Set(results.map((r) => r.card._id.toHexString())).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await models.card.countDocuments({ user_id: who.id })).toBe(1);
  });

  it('keeps one photo per box and exact counts under 200 concurrent uploads to one card', async () => {
    const who = member();
    const { card } = await store.startCard(who, NOW);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const index = (i % 6) + 1;
        const inserted = await store.insertEntry(entry(card._id, who.id, index, 'punch'));
        if (inserted === 'box_taken') return 'box_taken';
        const counted = await store.countEntry(card, 'punch');
        return counted ? 'counted' : 'refused';
      }),
    );
    expect(outcomes.filter((o) => o === 'counted')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'box_taken')).toHaveLength(194);
    const after = await store.card(card._id);
    expect(after).toMatchObject({ punches_count: 6, rewards_count: 0, is_complete: false });
    expect(await models.entry.countDocuments({ card_id: card._id })).toBe(6);
  });

  it('counts a reward only once every punch is there, and completes the card for exactly one caller', async () => {
    const who = member();
    const { card } = await store.startCard(who, NOW);
    expect(await store.countEntry(card, 'reward')).toBeNull();
    for (let i = 0; i < 6; i++) expect(await store.countEntry(card, 'punch')).not.toBeNull();
    expect(await store.countEntry(card, 'punch')).toBeNull();
    expect(await store.countEntry(card, 'reward')).toMatchObject({ punches_count: 6, rewards_count: 1 });
    const completions = await Promise.all(Array.from({ length: 20 }, () => store.complete(card._id, NOW)));
    expect(completions.filter(Boolean)).toHaveLength(1);
    expect(await store.card(card._id)).toMatchObject({ is_complete: true, completed_at: NOW });
    // The next card: one, regular (1 completed regular card is not a multiple of 6).
    const next = await Promise.all(Array.from({ length: 10 }, () => store.startCard(who, NOW)));
    expect(new Set(next.map((n) => n.card._id.toHexString())).size).toBe(1);
    expect(next[0].card.card_type).toBe('regular');
  });

  it('makes the seventh card a lucky7 after six completed regular cards, and a regular one after it', async () => {
    const who = member();
    const types: string[] = [];
    for (let n = 0; n < 8; n++) {
      const { card } = await store.startCard(who, new Date(NOW.getTime() + n * 1000));
      types.push(card.card_type);
      await models.card.updateOne(
        { _id: card._id },
        { $set: { punches_count: card.punches_required, rewards_count: card.rewards_required } },
      );
      expect(await store.complete(card._id, new Date(NOW.getTime() + n * 1000 + 500))).not.toBeNull();
    }
    expect(types).toEqual(['regular', 'regular', 'regular', 'regular', 'regular', 'regular', 'lucky7', 'regular']);
  });

  it('holds the daily cap exactly under concurrent uploads, and gives a slot back', async () => {
    const who = member();
    const expires = new Date(NOW.getTime() + 3 * 86_400_000);
    const taken = await Promise.all(Array.from({ length: 25 }, () => store.takeDailySlot(who.id, '2030-03-01', 3, expires)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    await store.releaseDailySlot(who.id, '2030-03-01');
    expect(await store.takeDailySlot(who.id, '2030-03-01', 3, expires)).toBe(true);
    expect(await store.takeDailySlot(who.id, '2030-03-01', 3, expires)).toBe(false);
    // Another day starts again.
    expect(await store.takeDailySlot(who.id, '2030-03-02', 3, expires)).toBe(true);
  });

  it('removes an entry once however many ask, and takes it off the counts', async () => {
    const who = member();
    const { card } = await store.startCard(who, NOW);
    const inserted = await store.insertEntry(entry(card._id, who.id, 1, 'punch'));
    if (inserted === 'box_taken') throw new Error('box taken');
    await store.countEntry(card, 'punch');
    const removed = await Promise.all(Array.from({ length: 10 }, () => store.removeEntry(inserted._id)));
    const winners = removed.filter((r): r is LoyaltyEntryDoc => r !== null);
    expect(winners).toHaveLength(1);
    expect(await store.uncountEntry(winners[0])).toMatchObject({ punches_count: 0 });
    expect(await store.uncountEntry(winners[0])).toBeNull();
  });
});
