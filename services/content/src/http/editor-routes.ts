import { Router } from 'express';
import { contentEditingEndpoints as editing, type TextKey } from '@croft/contracts';
import type { Store } from 'express-rate-limit';
import {
  HttpError,
  readAuditPage,
  authClaims,
  mountEndpoint,
  rateLimit,
  requireAuthWith,
  type AuditLog,
  type TokenVerifier,
} from '@croft/service-kit';
import { actorOf, cacheControl, notConfigured } from './staff-handlers';
import { isValidKey, type TextEditor } from '../domain/text-editing';

/** Editing answers are per editor and change all the time: never stored by any cache. */
export const EDITOR_CACHE_CONTROL = 'private, no-store';
export const DEFAULT_EDITOR_WRITES_PER_MINUTE = 60;
/** Presence heartbeats (one per open text every 15 s), counted apart from the writes. */
export const DEFAULT_PRESENCE_PER_MINUTE = 120;
export const DEFAULT_ACTIVITY_LIMIT = 20;

const EDITOR_ROLES = ['editor', 'admin'] as const;
const ADMIN_ROLES = ['admin'] as const;


const noStore = cacheControl(EDITOR_CACHE_CONTROL);


const keyOf = (k: TextKey): TextKey => ({ page: k.page, section: k.section, content_key: k.content_key });

const conflict = () =>
  new HttpError(409, 'edit_conflict', 'This text has changed since you opened it. Reload it to see the newer version, then make your change again.');
const invalidKey = () => new HttpError(400, 'invalid_request', "A global text has section 'global'.");

export function editorRoutes(options: {
  editor: TextEditor;
  audit: AuditLog;
  verifyAccessToken?: TokenVerifier;
  writesPerMinute?: number;
  presencePerMinute?: number;
  /** Where the limits count (MongoDB, shared by every instance): one store per limiter. */
  limitStores?: { writes?: Store; presence?: Store };
}): Router {
  const router = Router();
  const { editor } = options;
  const verify = options.verifyAccessToken;
  const editors = verify ? requireAuthWith(verify, { roles: EDITOR_ROLES }) : notConfigured();
  const admins = verify ? requireAuthWith(verify, { roles: ADMIN_ROLES }) : notConfigured();
  // After the token check, keyed by the user: refused requests never spend an editor's budget.
  const writes = rateLimit({
    windowMs: 60_000,
    limit: options.writesPerMinute ?? DEFAULT_EDITOR_WRITES_PER_MINUTE,
    keyPrefix: 'content-editor-writes',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStores?.writes,
  });
  const heartbeats = rateLimit({
    windowMs: 60_000,
    limit: options.presencePerMinute ?? DEFAULT_PRESENCE_PER_MINUTE,
    keyPrefix: 'content-editor-presence',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStores?.presence,
  });
  const read = { before: [noStore, editors] };
  const write = { before: [noStore, editors, writes] };

  // Every stored text of a page (or 'global'): drafts first, newest first.
  mountEndpoint(router, editing.getEditorPageText, async ({ params }) => ({ items: await editor.pageEntries(params.page) }), read);

  // One text's entry (what a 409 sends the editor to look at).
  mountEndpoint(
    router,
    editing.getEditorText,
    async ({ query }) => {
      const entry = await editor.entry(keyOf(query));
      if ('invalid' in entry) throw invalidKey();
      return entry;
    },
    read,
  );

  // Saves a draft over base_revision → 201 { version }, or 409 when the text moved on.
  mountEndpoint(
    router,
    editing.saveDraft,
    async ({ body, res }) => {
      const result = await editor.saveDraft(keyOf(body), body.content_data, body.base_revision, actorOf(res));
      if (result.ok) return { version: result.version };
      if (result.reason === 'invalid_key') throw invalidKey();
      throw conflict();
    },
    write,
  );

  mountEndpoint(router, editing.listPendingDrafts, async () => ({ items: await editor.pendingDrafts() }), read);

  // Publishes the named draft revisions; the ones that moved on come back as conflicts.
  mountEndpoint(router, editing.publishDrafts, async ({ body, res }) => editor.publish(body.items, actorOf(res)), write);

  mountEndpoint(
    router,
    editing.discardDraft,
    async ({ body, res }) => {
      const result = await editor.discard(keyOf(body), body.revision, actorOf(res));
      if (result.ok) return { entry: result.entry };
      if (result.reason === 'invalid_key') throw invalidKey();
      if (result.reason === 'draft_not_found') throw new HttpError(404, 'draft_not_found', 'This text has no draft to discard.');
      throw conflict();
    },
    write,
  );

  mountEndpoint(
    router,
    editing.getTextHistory,
    async ({ query }) => {
      const key = keyOf(query);
      if (!isValidKey(key)) throw invalidKey();
      return { items: await editor.history(key) };
    },
    read,
  );

  mountEndpoint(
    router,
    editing.restoreVersion,
    async ({ body, res }) => {
      const result = await editor.restore(keyOf(body), body.revision, body.base_revision, actorOf(res));
      if (result.ok) return { version: result.version };
      if (result.reason === 'invalid_key') throw invalidKey();
      if (result.reason === 'version_not_found') throw new HttpError(404, 'version_not_found', 'This text has no published version with that revision.');
      throw conflict();
    },
    write,
  );

  mountEndpoint(
    router,
    editing.schedulePublish,
    async ({ body, res }) => {
      const result = await editor.schedule(keyOf(body), body.revision, new Date(body.publish_at), actorOf(res));
      if (result.ok) return result.schedule;
      switch (result.reason) {
        case 'invalid_key':
          throw invalidKey();
        case 'invalid_time':
          throw new HttpError(400, 'invalid_time', 'Choose a time in the future, at most a year ahead.');
        case 'draft_not_found':
          throw new HttpError(404, 'draft_not_found', 'This text has no draft with that revision.');
        default:
          throw conflict();
      }
    },
    write,
  );

  mountEndpoint(router, editing.listSchedules, async () => ({ items: await editor.schedules() }), read);

  mountEndpoint(
    router,
    editing.cancelSchedule,
    async ({ params, res }) => {
      if (!(await editor.cancelSchedule(params.id, actorOf(res)))) {
        throw new HttpError(404, 'schedule_not_found', 'This scheduled publish has already run or been cancelled.');
      }
      return { cancelled: true as const };
    },
    write,
  );

  mountEndpoint(
    router,
    editing.editorPresence,
    async ({ body, res }) => {
      const claims = authClaims(res);
      return { others: await editor.presence(keyOf(body), { id: claims.sub, email: claims.email }, body.open) };
    },
    { before: [noStore, editors, heartbeats] },
  );

  mountEndpoint(
    router,
    editing.listEditorActivity,
    async ({ query }) => ({ items: await editor.activity(query.limit ? Number(query.limit) : DEFAULT_ACTIVITY_LIMIT) }),
    read,
  );

  // The content service's audit events (admin only), newest first.
  mountEndpoint(
    router,
    editing.listContentAudit,
    async ({ query }) => readAuditPage(options.audit, query),
    { before: [noStore, admins] },
  );

  return router;
}
