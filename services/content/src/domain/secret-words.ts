import type { SecretWordRow } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';

/** Where the word book reads and writes (the data layer). */
export interface SecretWordSource {
  insert(word: string, wordKey: string, now: Date): Promise<SecretWordRow | null>;
  setActive(id: string, isActive: boolean): Promise<SecretWordRow | null>;
}

export type AddWordResult = { ok: true; row: SecretWordRow } | { ok: false; reason: 'exists' };
export type SetActiveResult = { ok: true; row: SecretWordRow } | { ok: false; reason: 'not_found' };

export interface SecretWordBook {
  add(word: string): Promise<AddWordResult>;
  setActive(id: string, isActive: boolean): Promise<SetActiveResult>;
}

/** One row per word whatever its capitals: 'Cask' and 'cask' are the same secret word. */
export function secretWordKey(word: string): string {
  return word.toLowerCase();
}

/**
 * The secret beer words (spec 001 §3–§4): staff add words (stamped with the clock, so the
 * creation order, and with it the word of the day, follows when they were added) and retire
 * them. The public read (active words, oldest first) is a cached query in the service.
 */
export function createSecretWordBook(options: {
  source: SecretWordSource;
  clock: Clock;
  /** Called after every write (the service drops its cached word list). */
  onChange: () => void;
}): SecretWordBook {
  const { source, clock, onChange } = options;
  return {
    async add(word) {
      const row = await source.insert(word, secretWordKey(word), clock.now());
      onChange();
      return row ? { ok: true, row } : { ok: false, reason: 'exists' };
    },
    async setActive(id, isActive) {
      const row = await source.setActive(id, isActive);
      onChange();
      return row ? { ok: true, row } : { ok: false, reason: 'not_found' };
    },
  };
}
