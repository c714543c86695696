// MSW handlers, factories and QA scenarios for the secret words (contentSecretWordEndpoints): the
// members' list and the staff's /cms/secret-words (list all, add, retire, bring back, reorder).
import { delay } from 'msw';
import {
  SECRET_WORD_MANAGER_ROLES,
  SECRET_WORD_ORDER_MISMATCH_MESSAGE,
  contentSecretWordEndpoints as words,
  type AuditEvent,
  type SecretWordRow,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';
import type { Scenario } from '../scenario';

const SEED_WORDS = ['cheers', 'harbourside', 'gromit', 'stillage', 'cask', 'brunel', 'sparkler', 'gert lush', 'mash tun', 'clifton'] as const;
const SEED_EPOCH = Date.UTC(2025, 0, 1);

/** A 24-hex id like the service's (the contract refuses anything else in a path or a reorder). */
export const mockSecretWordId = (n: number) => n.toString(16).padStart(24, '0');

/** Ten active words in order, then two retired ones (every row parses with secretWordRowSchema). */
export function buildManagedSecretWords(): SecretWordRow[] {
  const active = SEED_WORDS.map((word, i) => ({
    id: mockSecretWordId(i + 1),
    word,
    is_active: true,
    created_at: new Date(SEED_EPOCH + i * 60_000).toISOString(),
  }));
  return [
    ...active,
    { id: mockSecretWordId(101), word: 'dray', is_active: false, created_at: new Date(SEED_EPOCH + 20 * 60_000).toISOString() },
    { id: mockSecretWordId(102), word: 'balloon fiesta', is_active: false, created_at: new Date(SEED_EPOCH + 21 * 60_000).toISOString() },
  ];
}

/**
 * The words as the service keeps them: each with a sort order (a reorder numbers the active ones
 * 0…n-1; a new or restored word goes one past the highest), the audit events newest first.
 */
export interface SecretWordMockStore {
  entries: { row: SecretWordRow; sortOrder: number }[];
  audit: AuditEvent[];
  /** Every word: the active ones in order, then the retired ones. */
  list(): SecretWordRow[];
  /** The active words in order (the members' list). */
  activeWords(): string[];
  /** Adds a word at the end as someone else would (the 'changed meanwhile' world). */
  addAsSomeoneElse(word: string): void;
}

let ids = 1000;
let auditIds = 0;

/** A fresh store from rows in list order (default buildManagedSecretWords). */
export function createSecretWordMockStore(rows: SecretWordRow[] = buildManagedSecretWords()): SecretWordMockStore {
  const byOrder = (a: { row: SecretWordRow; sortOrder: number }, b: { row: SecretWordRow; sortOrder: number }) =>
    a.sortOrder - b.sortOrder || (a.row.created_at < b.row.created_at ? -1 : a.row.created_at > b.row.created_at ? 1 : 0);
  const store: SecretWordMockStore = {
    entries: rows.map((row, i) => ({ row: { ...row }, sortOrder: i })),
    audit: [],
    list() {
      const sorted = [...store.entries].sort(byOrder);
      return [...sorted.filter((e) => e.row.is_active), ...sorted.filter((e) => !e.row.is_active)].map((e) => ({ ...e.row }));
    },
    activeWords() {
      return store.list().filter((r) => r.is_active).map((r) => r.word);
    },
    addAsSomeoneElse(word) {
      store.entries.push({ row: { id: mockSecretWordId(++ids), word, is_active: true, created_at: new Date().toISOString() }, sortOrder: endOfList(store) });
    },
  };
  return store;
}

function endOfList(store: SecretWordMockStore): number {
  return store.entries.reduce((max, e) => Math.max(max, e.sortOrder + 1), 0);
}

interface Claims {
  sub: string;
  email?: string;
  roles: string[];
  aal: string;
  mfa: boolean;
}

/** The bearer token's claims (the mocks' tokens are unsigned JWT-shaped strings). */
function claimsOf(request: Request): Claims | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    const c = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    return {
      sub: typeof c.sub === 'string' ? c.sub : 'user-1',
      email: typeof c.email === 'string' ? c.email : undefined,
      roles: Array.isArray(c.roles) ? c.roles.filter((r): r is string => typeof r === 'string') : [],
      aal: c.aal === 'aal2' ? 'aal2' : 'aal1',
      mfa: c.mfa === true,
    };
  } catch {
    return null;
  }
}

export type SecretWordEndpoint = keyof typeof words;

export interface SecretWordMockOptions {
  /** The state to answer from (shared, e.g. to inspect it in a test); a fresh one by default. */
  store?: SecretWordMockStore;
  /** Only these endpoints fail: a status (server-error envelope) or a whole failure. */
  failures?: Partial<Record<SecretWordEndpoint, number | MockFailure>>;
  /** Every call waits this long first ('infinite': a loading state). */
  delayMs?: number | 'infinite';
  /** Someone else adds this word just before the first reorder (which is then a 409; after reading the list again, reorders work). */
  changedMeanwhile?: string;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const INVALID_TOKEN: MockFailure = { status: 401, code: 'invalid_token', message: 'Invalid or expired access token. Please sign in again.' };
const FORBIDDEN: MockFailure = { status: 403, code: 'forbidden', message: 'You do not have permission to do this.' };
const AAL2_REQUIRED: MockFailure = { status: 403, code: 'aal2_required', message: 'Verify with your authenticator app first (AAL2 required).' };

/**
 * The secret words as the content service answers them, over one in-memory store: the members'
 * list is public (the active words in order); the staff calls need a bearer token with editor,
 * staff or admin (aal2 when the person has an authenticator app). New and restored words go to the
 * end, a reorder must name exactly the active words (else 409 secret_word_order_mismatch, nothing
 * moves), a duplicate word in any capitals is a 409, and each change is audited as the service does.
 */
export function secretWordHandlers(options: SecretWordMockOptions = {}) {
  const store = options.store ?? createSecretWordMockStore();
  let changed = false;

  async function refuse(endpoint: SecretWordEndpoint, request: Request, staff: boolean): Promise<{ refused: Response } | { claims: Claims | null }> {
    if (options.delayMs !== undefined) await delay(options.delayMs);
    let claims: Claims | null = null;
    if (staff) {
      if (!request.headers.get('authorization')) return { refused: mockError(NOT_SIGNED_IN) };
      claims = claimsOf(request);
      if (!claims) return { refused: mockError(INVALID_TOKEN) };
      if (!claims.roles.some((r) => (SECRET_WORD_MANAGER_ROLES as readonly string[]).includes(r))) return { refused: mockError(FORBIDDEN) };
      if (claims.mfa && claims.aal !== 'aal2') return { refused: mockError(AAL2_REQUIRED) };
    }
    const failing = options.failures?.[endpoint];
    if (failing !== undefined) return { refused: mockError(typeof failing === 'number' ? { ...SERVER_ERROR, status: failing } : failing) };
    return { claims };
  }

  function audit(claims: Claims | null, action: string, target: string, detail: string) {
    store.audit.unshift({
      id: `secret-word-audit-${++auditIds}`,
      at: new Date().toISOString(),
      service: 'content',
      actor: claims ? { id: claims.sub, ...(claims.email ? { email: claims.email } : {}) } : null,
      action,
      target,
      detail,
    });
  }

  return [
    mockEndpoint(words.listSecretWords, async ({ request }) => {
      const checked = await refuse('listSecretWords', request, false);
      return 'refused' in checked ? checked.refused : { items: store.activeWords() };
    }),
    mockEndpoint(words.listAllSecretWords, async ({ request }) => {
      const checked = await refuse('listAllSecretWords', request, true);
      return 'refused' in checked ? checked.refused : { items: store.list() };
    }),
    mockEndpoint(words.createSecretWord, async ({ body, request }) => {
      const checked = await refuse('createSecretWord', request, true);
      if ('refused' in checked) return checked.refused;
      if (store.entries.some((e) => e.row.word.toLowerCase() === body.word.toLowerCase())) {
        return mockError({ status: 409, code: 'secret_word_exists', message: 'That word is already on the list.' });
      }
      const row: SecretWordRow = { id: mockSecretWordId(++ids), word: body.word, is_active: true, created_at: new Date().toISOString() };
      store.entries.push({ row, sortOrder: endOfList(store) });
      audit(checked.claims, 'secret_word.created', row.word, 'added at the end of the list');
      return { ...row };
    }),
    mockEndpoint(words.updateSecretWord, async ({ params, body, request }) => {
      const checked = await refuse('updateSecretWord', request, true);
      if ('refused' in checked) return checked.refused;
      const entry = store.entries.find((e) => e.row.id === params.id);
      if (!entry) return mockError({ status: 404, code: 'secret_word_not_found', message: 'There is no secret word with that id.' });
      if (entry.row.is_active !== body.is_active) {
        if (body.is_active) entry.sortOrder = endOfList(store);
        entry.row.is_active = body.is_active;
        audit(
          checked.claims,
          body.is_active ? 'secret_word.restored' : 'secret_word.retired',
          entry.row.word,
          body.is_active ? 'brought back at the end of the list' : 'retired: no longer a word of the day',
        );
      }
      return { ...entry.row };
    }),
    mockEndpoint(words.reorderSecretWords, async ({ body, request }) => {
      const checked = await refuse('reorderSecretWords', request, true);
      if ('refused' in checked) return checked.refused;
      if (options.changedMeanwhile !== undefined && !changed) {
        changed = true;
        store.addAsSomeoneElse(options.changedMeanwhile);
      }
      const current = store.list().filter((r) => r.is_active).map((r) => r.id);
      const wanted = new Set(body.ids);
      if (current.length !== body.ids.length || !current.every((id) => wanted.has(id))) {
        return mockError({ status: 409, code: 'secret_word_order_mismatch', message: SECRET_WORD_ORDER_MISMATCH_MESSAGE });
      }
      if (current.some((id, i) => id !== body.ids[i])) {
        body.ids.forEach((id, i) => {
          const entry = store.entries.find((e) => e.row.id === id);
          if (entry) entry.sortOrder = i;
        });
        const byId = new Map(store.entries.map((e) => [e.row.id, e.row.word]));
        audit(checked.claims, 'secret_word.reordered', 'secret words', `new order: ${body.ids.map((id) => byId.get(id)).join(', ')}`);
      }
      return { items: store.list() };
    }),
  ];
}

/** The word someone else adds in the 'changed meanwhile' world. */
export const MOCK_WORD_ADDED_MEANWHILE = 'Stokes Croft';

/** The secret words' named worlds (the members' reveal and /cms/secret-words). Each is a fresh store. */
export const secretWordScenarios: Scenario[] = [
  { id: 'content:secret-words', label: 'Secret words: add, retire, bring back, reorder (in-memory)', handlers: () => secretWordHandlers() },
  {
    id: 'content:secret-words-none',
    label: 'Secret words: none at all (empty list; the reveal uses its built-in list)',
    handlers: () => secretWordHandlers({ store: createSecretWordMockStore([]) }),
  },
  {
    id: 'content:secret-words-changed',
    label: `Secret words: someone adds "${MOCK_WORD_ADDED_MEANWHILE}" just before your first reorder (409, then the list is read again)`,
    handlers: () => secretWordHandlers({ changedMeanwhile: MOCK_WORD_ADDED_MEANWHILE }),
  },
  {
    id: 'content:secret-words-list-fails',
    label: 'Secret words: the staff list fails (500)',
    handlers: () => secretWordHandlers({ failures: { listAllSecretWords: 500 } }),
  },
  {
    id: 'content:secret-words-save-fails',
    label: 'Secret words: every change fails (500)',
    handlers: () => secretWordHandlers({ failures: { createSecretWord: 500, updateSecretWord: 500, reorderSecretWords: 500 } }),
  },
];
