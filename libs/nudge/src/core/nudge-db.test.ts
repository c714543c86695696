import { describe, expect, it } from 'vitest';
import { NUDGE_DB, type StoredNudge } from './constants';
import { readStoredNudge, writeStoredNudge, type NudgeDatabase } from './nudge-db';

/**
 * A stand-in for the idb database (the part the reader and writer use), over a Map. The real
 * IndexedDB path is exercised in Chromium by e2e/tests/nudge.spec.ts.
 */
function fakeDatabase(initial: Record<string, unknown> = {}) {
  const data = new Map<string, unknown>(Object.entries(initial));
  const stores: string[] = [];
  let closed = 0;
  const db = {
    transaction(store: string, mode: string) {
      stores.push(`${store}:${mode}`);
      return {
        objectStore: () => ({
          get: async (key: string) => data.get(key),
          delete: async (key: string) => void data.delete(key),
          put: async (value: unknown, key: string) => void data.set(key, value),
        }),
        done: Promise.resolve(),
      };
    },
    close: () => void closed++,
  };
  return { open: async () => db as unknown as NudgeDatabase, data, stores, closed: () => closed };
}

describe('readStoredNudge', () => {
  it('takes delivery_pending first and deletes it', async () => {
    const db = fakeDatabase({ delivery_pending: { url: '/beer' }, current: { url: '/hall' } });
    await expect(readStoredNudge(db.open)).resolves.toEqual({ url: '/beer', from: 'pending' });
    expect(db.data.has(NUDGE_DB.pendingKey)).toBe(false);
    expect(db.data.get(NUDGE_DB.currentKey)).toEqual({ url: '/hall' });
    expect(db.stores).toEqual(['nudge:readwrite']);
    expect(db.closed()).toBe(1);
  });

  it('falls back to current, which stays', async () => {
    const db = fakeDatabase({ current: { url: '/hall' } });
    await expect(readStoredNudge(db.open)).resolves.toEqual({ url: '/hall', from: 'current' });
    expect(db.data.get(NUDGE_DB.currentKey)).toEqual({ url: '/hall' });
  });

  it("deletes a pending entry whose url is 'undefined' and ignores it", async () => {
    const db = fakeDatabase({ delivery_pending: { url: 'undefined' }, current: { url: 'undefined' } });
    await expect(readStoredNudge(db.open)).resolves.toBeNull();
    expect(db.data.has(NUDGE_DB.pendingKey)).toBe(false);
  });

  it('finds nothing in an empty store', async () => {
    await expect(readStoredNudge(fakeDatabase().open)).resolves.toBeNull();
  });
});

describe('writeStoredNudge', () => {
  const record: StoredNudge = { url: '/hall', timestamp: 1, nudge_id: 'n1' };

  it('writes current, and delivery_pending only when asked', async () => {
    const focused = fakeDatabase();
    await writeStoredNudge(record, { pending: false }, focused.open);
    expect(Object.fromEntries(focused.data)).toEqual({ current: record });

    const unfocused = fakeDatabase();
    await writeStoredNudge(record, { pending: true }, unfocused.open);
    expect(Object.fromEntries(unfocused.data)).toEqual({ current: record, delivery_pending: record });
    expect(unfocused.closed()).toBe(1);
  });
});
