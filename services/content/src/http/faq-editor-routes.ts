import { Router } from 'express';
import { contentFaqEditingEndpoints as faq, FAQ_ERROR_MESSAGES } from '@croft/contracts';
import type { Store } from 'express-rate-limit';
import { HttpError, authClaims, mountEndpoint, rateLimit, requireAuthWith, type TokenVerifier } from '@croft/service-kit';
import { actorOf, cacheControl, notConfigured } from './staff-handlers';
import type { FaqEditor, FaqRowFailure } from '../domain/faq-editing';
import { DEFAULT_EDITOR_WRITES_PER_MINUTE, EDITOR_CACHE_CONTROL } from './editor-routes';

const EDITOR_ROLES = ['editor', 'admin'] as const;

const STATUS: Record<keyof typeof FAQ_ERROR_MESSAGES, number> = {
  edit_conflict: 409,
  faq_not_found: 404,
  faq_order_mismatch: 409,
  faq_question_exists: 409,
  faq_page_full: 409,
};

const refused = (reason: FaqRowFailure | 'faq_page_full' | 'faq_order_mismatch') => new HttpError(STATUS[reason], reason, FAQ_ERROR_MESSAGES[reason]);


const noStore = cacheControl(EDITOR_CACHE_CONTROL);


/** The FAQ editor's endpoints (contentFaqEditingEndpoints), for role editor or admin. */
export function faqEditorRoutes(options: {
  editor: FaqEditor;
  verifyAccessToken?: TokenVerifier;
  /** FAQ writes per signed-in user per minute (default 60, like the text editing), counted after the token check. */
  writesPerMinute?: number;
  /** Where the write limit counts (MongoDB, shared by every instance). */
  limitStore?: Store;
}): Router {
  const router = Router();
  const { editor } = options;
  const verify = options.verifyAccessToken;
  const editors = verify ? requireAuthWith(verify, { roles: EDITOR_ROLES }) : notConfigured();
  const writes = rateLimit({
    windowMs: 60_000,
    limit: options.writesPerMinute ?? DEFAULT_EDITOR_WRITES_PER_MINUTE,
    keyPrefix: 'content-faq-writes',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStore,
  });
  const read = { before: [noStore, editors] };
  const write = { before: [noStore, editors, writes] };

  // Every row of a page, drafts included, in display order.
  mountEndpoint(router, faq.listFaqEditorRows, async ({ params }) => ({ items: await editor.rows(params.page) }), read);

  mountEndpoint(
    router,
    faq.createFaqRow,
    async ({ body, res }) => {
      const result = await editor.create(body, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    write,
  );

  mountEndpoint(
    router,
    faq.updateFaqRow,
    async ({ params, body, res }) => {
      const change = { ...(body.question !== undefined ? { question: body.question } : {}), ...(body.answer !== undefined ? { answer: body.answer } : {}) };
      const result = await editor.update(params.id, body.version, change, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    write,
  );

  mountEndpoint(
    router,
    faq.setFaqRowPublished,
    async ({ params, body, res }) => {
      const result = await editor.setPublished(params.id, body.version, body.published, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return result.row;
    },
    write,
  );

  mountEndpoint(
    router,
    faq.deleteFaqRow,
    async ({ params, query, res }) => {
      const result = await editor.remove(params.id, Number(query.version), actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return { deleted: true as const };
    },
    write,
  );

  mountEndpoint(
    router,
    faq.reorderFaqRows,
    async ({ params, body, res }) => {
      const result = await editor.reorder(params.page, body.ids, actorOf(res));
      if (!result.ok) throw refused(result.reason);
      return { items: result.rows };
    },
    write,
  );

  return router;
}
