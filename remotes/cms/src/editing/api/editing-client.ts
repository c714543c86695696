import {
  contentEditingEndpoints as editing,
  type AuditListQuery,
  type AuditListResponse,
  type DiscardDraftRequest,
  type EditablePage,
  type EditorTextEntry,
  type PresenceRequest,
  type PresenceResponse,
  type PublishRequest,
  type PublishResponse,
  type RestoreVersionRequest,
  type SaveDraftRequest,
  type ScheduledPublish,
  type SchedulePublishRequest,
  type TextKey,
  type TextVersion,
} from '@croft/contracts';
import { ApiError, callEndpoint, type CallInit, type ClientOptions } from '@croft/api-client';
import { getSessionClient } from '@croft/session';

type Init = { signal?: AbortSignal };

/**
 * The content service's editing endpoints (issue 11), for editors: the cms remote's own client,
 * never part of the shared content client a visitor loads. Every call carries the signed-in
 * session's bearer token; with no session it fails at once with 401 'not_signed_in'.
 */
export interface EditingClient {
  pageText(page: EditablePage, init?: Init): Promise<EditorTextEntry[]>;
  text(key: TextKey, init?: Init): Promise<EditorTextEntry>;
  /** Saves a draft over base_revision; ApiError 409 'edit_conflict' when the text moved on. */
  saveDraft(body: SaveDraftRequest): Promise<TextVersion>;
  pendingDrafts(init?: Init): Promise<EditorTextEntry[]>;
  publish(items: PublishRequest['items']): Promise<PublishResponse>;
  discard(body: DiscardDraftRequest): Promise<EditorTextEntry>;
  history(key: TextKey, init?: Init): Promise<TextVersion[]>;
  restore(body: RestoreVersionRequest): Promise<TextVersion>;
  schedule(body: SchedulePublishRequest): Promise<ScheduledPublish>;
  schedules(init?: Init): Promise<ScheduledPublish[]>;
  cancelSchedule(id: string): Promise<void>;
  presence(body: PresenceRequest): Promise<PresenceResponse['others']>;
  activity(limit?: number, init?: Init): Promise<TextVersion[]>;
  audit(query?: AuditListQuery, init?: Init): Promise<AuditListResponse>;
}

export interface EditingClientOptions extends ClientOptions {
  /** The access token (null when signed out). Default: the page's session. */
  getAccessToken?: () => string | null;
}

/** The error an editing call fails with when nobody is signed in. */
export const notSignedIn = () => new ApiError(401, 'not_signed_in', 'You are not signed in.');

/** True for a failure that means "sign in first" (no session, or the service said 401). */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

export function createEditingClient(options: EditingClientOptions = {}): EditingClient {
  const token = options.getAccessToken ?? (() => getSessionClient().getSession()?.access_token ?? null);
  const auth = (init?: Init): CallInit => {
    const value = token();
    if (!value) throw notSignedIn();
    return { signal: init?.signal, headers: { authorization: `Bearer ${value}` } };
  };
  const keyQuery = (key: TextKey) => ({ page: key.page, section: key.section, content_key: key.content_key });
  return {
    pageText: async (page, init) => (await callEndpoint(options, editing.getEditorPageText, { params: { page } }, auth(init))).items,
    text: async (key, init) => callEndpoint(options, editing.getEditorText, { query: keyQuery(key) }, auth(init)),
    saveDraft: async (body) => (await callEndpoint(options, editing.saveDraft, { body }, auth())).version,
    pendingDrafts: async (init) => (await callEndpoint(options, editing.listPendingDrafts, {}, auth(init))).items,
    publish: async (items) => callEndpoint(options, editing.publishDrafts, { body: { items } }, auth()),
    discard: async (body) => (await callEndpoint(options, editing.discardDraft, { body }, auth())).entry,
    history: async (key, init) => (await callEndpoint(options, editing.getTextHistory, { query: keyQuery(key) }, auth(init))).items,
    restore: async (body) => (await callEndpoint(options, editing.restoreVersion, { body }, auth())).version,
    schedule: async (body) => callEndpoint(options, editing.schedulePublish, { body }, auth()),
    schedules: async (init) => (await callEndpoint(options, editing.listSchedules, {}, auth(init))).items,
    cancelSchedule: async (id) => void (await callEndpoint(options, editing.cancelSchedule, { params: { id } }, auth())),
    presence: async (body) => (await callEndpoint(options, editing.editorPresence, { body }, auth())).others,
    activity: async (limit, init) =>
      (await callEndpoint(options, editing.listEditorActivity, { query: limit === undefined ? {} : { limit: String(limit) } }, auth(init))).items,
    audit: async (query = {}, init) => callEndpoint(options, editing.listContentAudit, { query }, auth(init)),
  };
}
