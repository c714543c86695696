// MSW handlers, factories and scenarios for the FAQ editor (contentFaqEditingEndpoints), with the
// service's rules over an in-memory store. The same store answers the visitors' GET /faq
// (published rows only, in order), so a question published in the editor shows on the page.
import {
  contentEndpoints as content,
  contentFaqEditingEndpoints as faqEditing,
  FAQ_ERROR_MESSAGES,
  FAQ_PAGE_MAX,
  type Actor,
  type AuditEvent,
  type FaqEditorRow,
  type PageKey,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';
import type { Scenario } from '../scenario';
import { buildFaqFixtures } from './faq-factory';
import { MOCK_EDITOR, MOCK_OTHER_EDITOR } from './editing';

export type FaqEditingEndpoint = keyof typeof faqEditing;

const SEEDED_AT = '2025-01-01T00:00:00.000Z';

/** A 24-hex id like the service's (the contract's params accept nothing else). */
function hexId(n: number): string {
  return n.toString(16).padStart(24, 'f');
}

let rowIds = 0;

/** One FAQ row as editors see it (parses with faqEditorRowSchema); override any field. */
export function buildFaqEditorRow(overrides: Partial<FaqEditorRow> = {}): FaqEditorRow {
  return {
    id: hexId(++rowIds),
    page: 'home',
    question: 'What time do you open?',
    answer: 'Every day from 8am. The bar pours until late.',
    sort_order: 10,
    published: true,
    version: 1,
    updated_at: SEEDED_AT,
    ...overrides,
  };
}

/** The visitors' FAQ fixtures of every page as editor rows, plus one draft on home. */
export function buildFaqEditorFixtures(): FaqEditorRow[] {
  const rows = buildFaqFixtures().map((row, index) => buildFaqEditorRow({ ...row, id: hexId(index + 1), page: row.page as PageKey }));
  const homeLast = Math.max(...rows.filter((r) => r.page === 'home').map((r) => r.sort_order));
  rows.push(
    buildFaqEditorRow({
      id: hexId(rows.length + 1),
      page: 'home',
      question: 'Do you sell gift cards?',
      answer: 'Yes, at the bar, for any amount.\nThey never expire.',
      sort_order: homeLast + 10,
      published: false,
    }),
  );
  return rows;
}

/** The FAQ editing state in memory, with the service's rules (version guards, exact reorders). */
export interface FaqEditingStore {
  rows: FaqEditorRow[];
  audit: AuditEvent[];
  /** A page's rows in display order. */
  pageRows(page: PageKey): FaqEditorRow[];
  /** Someone else's change to a row (the conflict world): bumps its version. */
  touch(id: string, change: Partial<Pick<FaqEditorRow, 'question' | 'answer' | 'published'>>): void;
}

export function createFaqEditingStore(seed: FaqEditorRow[] = buildFaqEditorFixtures()): FaqEditingStore {
  const store: FaqEditingStore = {
    rows: seed.map((r) => ({ ...r })),
    audit: [],
    pageRows(page) {
      return store.rows.filter((r) => r.page === page).sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1));
    },
    touch(id, change) {
      const row = store.rows.find((r) => r.id === id);
      if (row) Object.assign(row, change, { version: row.version + 1, updated_at: new Date().toISOString() });
    },
  };
  return store;
}

export interface FaqEditingMockOptions {
  /** The state to answer from (shared, e.g. to inspect it in a test); a fresh one by default. */
  store?: FaqEditingStore;
  /** Every editing call is refused as signed out (401 not_authenticated). */
  signedOut?: boolean;
  /** Every FAQ editing endpoint fails with this status (the server-error envelope). */
  failWith?: number;
  /** Only these endpoints fail: a status (server-error envelope) or a whole failure. */
  failures?: Partial<Record<FaqEditingEndpoint, number | MockFailure>>;
  /**
   * The conflict world: just before the editor's first write to each row, MOCK_OTHER_EDITOR changes
   * it (its answer gets this text), so that write is a 409 and, after a reload, the next one works.
   */
  conflictAnswer?: string;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const failure = (code: keyof typeof FAQ_ERROR_MESSAGES): MockFailure => ({
  status: code === 'faq_not_found' ? 404 : 409,
  code,
  message: FAQ_ERROR_MESSAGES[code],
});

let auditIds = 0;
function auditEvent(actor: Actor, action: string, target: string, detail: string): AuditEvent {
  return { id: `faq-audit-${++auditIds}`, at: new Date().toISOString(), service: 'content', actor, action, target, detail };
}

/**
 * The FAQ editor's endpoints as MSW answers them (and the visitors' GET /faq from the same rows):
 * every editing call needs a bearer token; writes follow the service's rules.
 */
export function faqEditingHandlers(options: FaqEditingMockOptions = {}) {
  const store = options.store ?? createFaqEditingStore();
  const conflicted = new Set<string>();

  function refuse(endpoint: FaqEditingEndpoint, request: Request): Response | undefined {
    if (options.signedOut || !request.headers.get('authorization')?.startsWith('Bearer ')) return mockError(NOT_SIGNED_IN);
    const failing = options.failures?.[endpoint] ?? options.failWith;
    if (failing === undefined) return undefined;
    return mockError(typeof failing === 'number' ? { ...SERVER_ERROR, status: failing } : failing);
  }

  /** The row at `version`, or the failure (after the conflict world's change, when on). */
  function guarded(id: string, version: number): FaqEditorRow | Response {
    if (options.conflictAnswer !== undefined && !conflicted.has(id)) {
      conflicted.add(id);
      store.touch(id, { answer: options.conflictAnswer });
    }
    const row = store.rows.find((r) => r.id === id);
    if (!row) return mockError(failure('faq_not_found'));
    if (row.version !== version) return mockError(failure('edit_conflict'));
    return row;
  }

  const target = (row: FaqEditorRow) => `faq/${row.page}/${row.id}`;
  const record = (action: string, tgt: string, detail: string) => store.audit.unshift(auditEvent(MOCK_EDITOR, action, tgt, detail));

  return [
    mockEndpoint(content.listFaq, ({ query }) => ({
      items: store
        .pageRows(query.page)
        .filter((r) => r.published)
        .map(({ id, page, question, answer, sort_order, published }) => ({ id, page, question, answer, sort_order, published })),
    })),
    mockEndpoint(faqEditing.listFaqEditorRows, ({ params, request }) => {
      return refuse('listFaqEditorRows', request) ?? { items: store.pageRows(params.page) };
    }),
    mockEndpoint(faqEditing.createFaqRow, ({ body, request }) => {
      const refused = refuse('createFaqRow', request);
      if (refused) return refused;
      const rows = store.pageRows(body.page);
      if (rows.length >= FAQ_PAGE_MAX) return mockError(failure('faq_page_full'));
      if (rows.some((r) => r.question === body.question)) return mockError(failure('faq_question_exists'));
      const row = buildFaqEditorRow({
        id: hexId(1000 + ++rowIds),
        page: body.page,
        question: body.question,
        answer: body.answer,
        sort_order: (rows.at(-1)?.sort_order ?? 0) + 10,
        published: false,
        updated_at: new Date().toISOString(),
      });
      store.rows.push(row);
      record('faq.created', target(row), `“${row.question}” added as a draft`);
      return row;
    }),
    mockEndpoint(faqEditing.updateFaqRow, ({ params, body, request }) => {
      const refused = refuse('updateFaqRow', request);
      if (refused) return refused;
      const row = guarded(params.id, body.version);
      if (row instanceof Response) return row;
      if (body.question !== undefined && store.pageRows(row.page).some((r) => r.id !== row.id && r.question === body.question)) {
        return mockError(failure('faq_question_exists'));
      }
      store.touch(row.id, {
        ...(body.question !== undefined ? { question: body.question } : {}),
        ...(body.answer !== undefined ? { answer: body.answer } : {}),
      });
      record('faq.updated', target(row), `“${row.question}”: version ${row.version}`);
      return { ...row };
    }),
    mockEndpoint(faqEditing.setFaqRowPublished, ({ params, body, request }) => {
      const refused = refuse('setFaqRowPublished', request);
      if (refused) return refused;
      const row = guarded(params.id, body.version);
      if (row instanceof Response) return row;
      store.touch(row.id, { published: body.published });
      record(body.published ? 'faq.published' : 'faq.unpublished', target(row), `“${row.question}” ${body.published ? 'published' : 'unpublished'}`);
      return { ...row };
    }),
    mockEndpoint(faqEditing.deleteFaqRow, ({ params, query, request }) => {
      const refused = refuse('deleteFaqRow', request);
      if (refused) return refused;
      const row = guarded(params.id, Number(query.version));
      if (row instanceof Response) return row;
      store.rows = store.rows.filter((r) => r.id !== row.id);
      record('faq.deleted', target(row), `“${row.question}” deleted`);
      return { deleted: true as const };
    }),
    mockEndpoint(faqEditing.reorderFaqRows, ({ params, body, request }) => {
      const refused = refuse('reorderFaqRows', request);
      if (refused) return refused;
      const rows = store.pageRows(params.page);
      const known = new Set(rows.map((r) => r.id));
      if (body.ids.length !== rows.length || !body.ids.every((id) => known.has(id))) return mockError(failure('faq_order_mismatch'));
      body.ids.forEach((id, index) => {
        const row = store.rows.find((r) => r.id === id);
        if (row) row.sort_order = (index + 1) * 10;
      });
      record('faq.reordered', `faq/${params.page}`, `${body.ids.length} questions reordered`);
      return { items: store.pageRows(params.page) };
    }),
  ];
}

/** Every page with no question at all (the editor's empty state). */
export function emptyFaqEditingStore(): FaqEditingStore {
  return createFaqEditingStore([]);
}

/** The FAQ editor's named worlds (register beside contentScenarios). Each is a fresh in-memory store. */
export const faqEditingScenarios: Scenario[] = [
  { id: 'content:faq-editing', label: 'FAQ editing: drafts, publish, reorder (in-memory)', handlers: () => faqEditingHandlers() },
  {
    id: 'content:faq-edit-conflict',
    label: `FAQ editing: ${MOCK_OTHER_EDITOR.email} changes each question just before you (409, then reload)`,
    handlers: () => faqEditingHandlers({ conflictAnswer: `Changed meanwhile by ${MOCK_OTHER_EDITOR.email}` }),
  },
  { id: 'content:faq-editing-empty', label: 'FAQ editing: no questions on any page yet', handlers: () => faqEditingHandlers({ store: emptyFaqEditingStore() }) },
  {
    id: 'content:faq-save-fails',
    label: 'FAQ editing: every change fails (500)',
    handlers: () =>
      faqEditingHandlers({
        failures: { createFaqRow: 500, updateFaqRow: 500, setFaqRowPublished: 500, deleteFaqRow: 500, reorderFaqRows: 500 },
      }),
  },
];
