import { FAQ_PAGE_MAX, type Actor, type FaqEditorRow, type PageKey } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';
import type { AuditRecorder } from './text-editing';

/**
 * Editing the FAQ (issue 11; the model is described in libs/contracts faq-editing.ts): add a
 * question (unpublished, at the end), change its text, publish or unpublish it, delete it, each
 * over the version the editor started from; reorder a page by naming all of its rows. Every change
 * is audit-logged and clears the visitors' FAQ cache of the page. No Express here: outcomes are
 * values, and the HTTP layer maps them to status codes.
 */

/** What an update may change. */
export interface FaqRowChange {
  question?: string;
  answer?: string;
  published?: boolean;
}

/** Where rows are kept (data/faq-store.ts). */
export interface FaqEditorSource {
  /** Every row of the page in display order. */
  pageRows(page: PageKey): Promise<FaqEditorRow[]>;
  row(id: string): Promise<FaqEditorRow | null>;
  lastSortOrder(page: PageKey): Promise<number | null>;
  count(page: PageKey): Promise<number>;
  /** Inserts an unpublished row at version 1; 'duplicate' when the page already has the question. */
  insert(row: { page: PageKey; question: string; answer: string; sort_order: number }, now: Date): Promise<FaqEditorRow | 'duplicate'>;
  /** Applies `change` when the row is at `version` (then at version + 1); null when it is not (or gone). */
  update(id: string, version: number, change: FaqRowChange, now: Date): Promise<FaqEditorRow | null | 'duplicate'>;
  /** Deletes the row when it is at `version`: the deleted row, or null. */
  remove(id: string, version: number): Promise<FaqEditorRow | null>;
  /** Sets sort_order 10, 20, 30 … in the order of `ids` (rows of `page` only); how many matched. */
  setOrder(page: PageKey, ids: readonly string[]): Promise<number>;
}

export type FaqRowFailure = 'faq_not_found' | 'edit_conflict' | 'faq_question_exists';
export type FaqWriteOutcome = { ok: true; row: FaqEditorRow } | { ok: false; reason: FaqRowFailure | 'faq_page_full' };
export type FaqReorderOutcome = { ok: true; rows: FaqEditorRow[] } | { ok: false; reason: 'faq_order_mismatch' };

export interface FaqEditor {
  rows(page: PageKey): Promise<FaqEditorRow[]>;
  create(input: { page: PageKey; question: string; answer: string }, actor: Actor): Promise<FaqWriteOutcome>;
  update(id: string, version: number, change: { question?: string; answer?: string }, actor: Actor): Promise<FaqWriteOutcome>;
  setPublished(id: string, version: number, published: boolean, actor: Actor): Promise<FaqWriteOutcome>;
  remove(id: string, version: number, actor: Actor): Promise<{ ok: true } | { ok: false; reason: 'faq_not_found' | 'edit_conflict' }>;
  reorder(page: PageKey, ids: readonly string[], actor: Actor): Promise<FaqReorderOutcome>;
}

/** 'faq/<page>/<id>': the audit target of a row. */
export function faqTarget(row: Pick<FaqEditorRow, 'page' | 'id'>): string {
  return `faq/${row.page}/${row.id}`;
}

/** A question as the audit detail quotes it (short). */
function quoted(question: string): string {
  return question.length > 80 ? `“${question.slice(0, 79)}…”` : `“${question}”`;
}

export function createFaqEditor(options: {
  source: FaqEditorSource;
  audit: AuditRecorder;
  clock: Clock;
  /** After every change of a page's rows: drop the visitors' cached FAQ of that page. */
  onChange(page: PageKey): void;
}): FaqEditor {
  const { source, audit, clock } = options;

  /** Why a guarded write to `id` matched nothing: the row is gone, or it moved on. */
  async function missed(id: string): Promise<'faq_not_found' | 'edit_conflict'> {
    return (await source.row(id)) ? 'edit_conflict' : 'faq_not_found';
  }

  async function write(id: string, version: number, change: FaqRowChange): Promise<FaqWriteOutcome> {
    const row = await source.update(id, version, change, clock.now());
    if (row === 'duplicate') return { ok: false, reason: 'faq_question_exists' };
    if (!row) return { ok: false, reason: await missed(id) };
    options.onChange(row.page);
    return { ok: true, row };
  }

  return {
    rows: (page) => source.pageRows(page),

    async create(input, actor) {
      if ((await source.count(input.page)) >= FAQ_PAGE_MAX) return { ok: false, reason: 'faq_page_full' };
      const last = await source.lastSortOrder(input.page);
      const row = await source.insert({ ...input, sort_order: (last ?? 0) + 10 }, clock.now());
      if (row === 'duplicate') return { ok: false, reason: 'faq_question_exists' };
      options.onChange(row.page);
      await audit.record({ actor, action: 'faq.created', target: faqTarget(row), detail: `${quoted(row.question)} added as a draft` });
      return { ok: true, row };
    },

    async update(id, version, change, actor) {
      const before = await source.row(id);
      const result = await write(id, version, change);
      if (result.ok) {
        const what = [change.question !== undefined && before?.question !== change.question ? 'question' : null, change.answer !== undefined && before?.answer !== change.answer ? 'answer' : null]
          .filter(Boolean)
          .join(' and ');
        const from = before && before.question !== result.row.question ? ` (was ${quoted(before.question)})` : '';
        await audit.record({
          actor,
          action: 'faq.updated',
          target: faqTarget(result.row),
          detail: `${quoted(result.row.question)}${from}: ${what || 'saved unchanged'}, version ${result.row.version}${result.row.published ? ' (live)' : ''}`,
        });
      }
      return result;
    },

    async setPublished(id, version, published, actor) {
      const result = await write(id, version, { published });
      if (result.ok) {
        await audit.record({
          actor,
          action: published ? 'faq.published' : 'faq.unpublished',
          target: faqTarget(result.row),
          detail: `${quoted(result.row.question)} ${published ? 'published' : 'unpublished'}`,
        });
      }
      return result;
    },

    async remove(id, version, actor) {
      const row = await source.remove(id, version);
      if (!row) return { ok: false, reason: await missed(id) };
      options.onChange(row.page);
      await audit.record({
        actor,
        action: 'faq.deleted',
        target: faqTarget(row),
        detail: `${quoted(row.question)} deleted (it was ${row.published ? 'published' : 'a draft'}); answer: ${row.answer.slice(0, 200)}`,
      });
      return { ok: true };
    },

    async reorder(page, ids, actor) {
      const current = await source.pageRows(page);
      const known = new Set(current.map((r) => r.id));
      if (ids.length !== current.length || !ids.every((id) => known.has(id))) return { ok: false, reason: 'faq_order_mismatch' };
      const matched = await source.setOrder(page, ids);
      options.onChange(page);
      const position = new Map(current.map((r, i) => [r.id, i + 1]));
      await audit.record({
        actor,
        action: 'faq.reordered',
        target: `faq/${page}`,
        detail: `${ids.length} questions reordered; previous positions in the new order: ${ids.map((id) => position.get(id)).join(', ')}`,
      });
      // A row deleted meanwhile: the others moved; the editor reloads to see the list as it is.
      if (matched !== ids.length) return { ok: false, reason: 'faq_order_mismatch' };
      const rows = await source.pageRows(page);
      return { ok: true, rows };
    },
  };
}
