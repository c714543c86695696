import type { SecretWordRow } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';

/** Where the word book reads and writes (the data layer). */
export interface SecretWordSource {
  insert(word: string, wordKey: string, now: Date, sortOrder: number): Promise<SecretWordRow | null>;
  /** Sets is_active (a word brought back takes `sortOrder`); `changed` false when it already was; null when unknown. */
  setActive(id: string, isActive: boolean, sortOrder: number): Promise<{ row: SecretWordRow; changed: boolean } | null>;
  /** Every word: the active ones in order, then the retired ones. */
  listAll(): Promise<SecretWordRow[]>;
  /** The active words' ids, in order. */
  activeIds(): Promise<string[]>;
  /** Numbers the given active words 0…n-1 in that order. */
  writeOrder(ids: readonly string[]): Promise<void>;
  /** A sort order after every word's (active or retired). */
  endOfList(): Promise<number>;
}

/** Who did it (the access token's subject and email), for the audit log. */
export interface SecretWordActor {
  id: string;
  email?: string;
}

/** The audit log's record (service-kit createAuditLog). */
export interface SecretWordAudit {
  record(event: { actor: SecretWordActor | null; action: string; target: string; detail: string }): Promise<void>;
}

export type AddWordResult = { ok: true; row: SecretWordRow } | { ok: false; reason: 'exists' };
export type SetActiveResult = { ok: true; row: SecretWordRow } | { ok: false; reason: 'not_found' };
export type ReorderResult = { ok: true; items: SecretWordRow[] } | { ok: false; reason: 'mismatch' };

export interface SecretWordBook {
  /** Every word: the active ones in order, then the retired ones. */
  list(): Promise<SecretWordRow[]>;
  add(word: string, actor: SecretWordActor): Promise<AddWordResult>;
  setActive(id: string, isActive: boolean, actor: SecretWordActor): Promise<SetActiveResult>;
  /** `ids` must be exactly the active words' ids (each once), in their new order. */
  reorder(ids: readonly string[], actor: SecretWordActor): Promise<ReorderResult>;
}

/** One row per word whatever its capitals: 'Cask' and 'cask' are the same secret word. */
export function secretWordKey(word: string): string {
  return word.toLowerCase();
}

/** The audit actions of the word book (the audit log's 'area.verb'). */
export const SECRET_WORD_AUDIT = {
  created: 'secret_word.created',
  retired: 'secret_word.retired',
  restored: 'secret_word.restored',
  reordered: 'secret_word.reordered',
} as const;

/** The audit target of the list as a whole (a reorder). */
export const SECRET_WORD_LIST_TARGET = 'secret words';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The secret beer words (spec 001 §3–§4), whose active list, in order, the members' word of the
 * day picks from. Editors and staff add words and bring retired ones back at the end of the list
 * (one past the highest sort order; two racing adds may share one, then creation order decides), retire
 * them, and reorder the active ones by naming all of them: a list that is not exactly the active
 * words (someone added or retired one meanwhile) is refused and nothing moves. Every change is
 * audited; setting a word to what it already is changes and audits nothing. The members' read is a
 * cached query in the service, dropped by `onChange` after every write.
 */
export function createSecretWordBook(options: {
  source: SecretWordSource;
  clock: Clock;
  audit: SecretWordAudit;
  /** Called after every write (the service drops its cached word list). */
  onChange: () => void;
}): SecretWordBook {
  const { source, clock, audit, onChange } = options;
  return {
    list: () => source.listAll(),
    async add(word, actor) {
      const row = await source.insert(word, secretWordKey(word), clock.now(), await source.endOfList());
      if (!row) return { ok: false, reason: 'exists' };
      onChange();
      await audit.record({ actor, action: SECRET_WORD_AUDIT.created, target: row.word, detail: 'added at the end of the list' });
      return { ok: true, row };
    },
    async setActive(id, isActive, actor) {
      // Only a word brought back takes the end of the list; a retired one keeps its place.
      const result = await source.setActive(id, isActive, isActive ? await source.endOfList() : 0);
      if (!result) return { ok: false, reason: 'not_found' };
      if (result.changed) {
        onChange();
        await audit.record(
          isActive
            ? { actor, action: SECRET_WORD_AUDIT.restored, target: result.row.word, detail: 'brought back at the end of the list' }
            : { actor, action: SECRET_WORD_AUDIT.retired, target: result.row.word, detail: 'retired: no longer a word of the day' },
        );
      }
      return { ok: true, row: result.row };
    },
    async reorder(ids, actor) {
      const before = await source.activeIds();
      const wanted = new Set(ids);
      if (wanted.size !== ids.length || before.length !== ids.length || !before.every((id) => wanted.has(id))) {
        return { ok: false, reason: 'mismatch' };
      }
      const moved = !sameIds(before, ids);
      if (moved) {
        await source.writeOrder(ids);
        onChange();
      }
      const items = await source.listAll();
      if (moved) {
        const words = new Map(items.map((row) => [row.id, row.word]));
        const order = ids.map((id) => words.get(id) ?? id).join(', ');
        await audit.record({ actor, action: SECRET_WORD_AUDIT.reordered, target: SECRET_WORD_LIST_TARGET, detail: `new order: ${order}` });
      }
      return { ok: true, items };
    },
  };
}
