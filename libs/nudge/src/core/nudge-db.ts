import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { NUDGE_DB, type StoredNudge } from './constants';
import { acceptStoredNudge } from './validate';

interface NudgeSchema extends DBSchema {
  nudge: { key: string; value: StoredNudge };
}

export type NudgeDatabase = IDBPDatabase<NudgeSchema>;

/** Opens `nudge-storage` version 2 (the page's or the worker's indexedDB), creating the `nudge` store when missing. */
export function openNudgeDatabase(): Promise<NudgeDatabase> {
  return openDB<NudgeSchema>(NUDGE_DB.name, NUDGE_DB.version, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(NUDGE_DB.store)) db.createObjectStore(NUDGE_DB.store);
    },
  });
}

/** A nudge read from the database: from `delivery_pending` (then deleted) or from `current`. */
export interface StoredNudgeRead {
  url: string;
  from: 'pending' | 'current';
}

/**
 * Spec 000 §3, §5: the pending-delivery entry first (deleted after reading, whatever it holds),
 * then the current one. A url equal to 'undefined' is ignored.
 */
export async function readStoredNudge(open: () => Promise<NudgeDatabase> = openNudgeDatabase): Promise<StoredNudgeRead | null> {
  const db = await open();
  try {
    const tx = db.transaction(NUDGE_DB.store, 'readwrite');
    const store = tx.objectStore(NUDGE_DB.store);
    const pending = await store.get(NUDGE_DB.pendingKey);
    if (pending !== undefined) await store.delete(NUDGE_DB.pendingKey);
    const current = await store.get(NUDGE_DB.currentKey);
    await tx.done;
    const pendingUrl = acceptStoredNudge(pending);
    if (pendingUrl) return { url: pendingUrl, from: 'pending' };
    const currentUrl = acceptStoredNudge(current);
    if (currentUrl) return { url: currentUrl, from: 'current' };
    return null;
  } finally {
    db.close();
  }
}

/** The service worker's write: `current` always, `delivery_pending` too when no page is focused. */
export async function writeStoredNudge(
  record: StoredNudge,
  options: { pending: boolean },
  open: () => Promise<NudgeDatabase> = openNudgeDatabase,
): Promise<void> {
  const db = await open();
  try {
    const tx = db.transaction(NUDGE_DB.store, 'readwrite');
    await tx.objectStore(NUDGE_DB.store).put(record, NUDGE_DB.currentKey);
    if (options.pending) await tx.objectStore(NUDGE_DB.store).put(record, NUDGE_DB.pendingKey);
    await tx.done;
  } finally {
    db.close();
  }
}
