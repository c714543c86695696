// MSW handlers and factories for the content service's editing endpoints (contentEditingEndpoints).
import {
  contentEditingEndpoints as editing,
  GLOBAL_CMS_PAGE,
  GLOBAL_CMS_SECTION,
  GLOBAL_TEXT_DEFAULTS,
  PAGE_KEYS,
  PAGE_TEXT_DEFAULTS,
  PRESENCE_TTL_MS,
  SCHEDULE_MAX_DAYS_AHEAD,
  type Actor,
  type AuditEvent,
  type CmsTextData,
  type EditablePage,
  type EditorTextEntry,
  type ScheduledPublish,
  type TextKey,
  type TextVersion,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';

/** The editor the mocks act as (every editing call is theirs). */
export const MOCK_EDITOR: Required<Actor> = { id: 'editor-1', email: 'editor@example.com' };
/** The other editor of the conflict and presence scenarios. */
export const MOCK_OTHER_EDITOR: Required<Actor> = { id: 'editor-2', email: 'sam@example.com' };

const SEEDED_AT = '2025-01-01T00:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;

export type EditingEndpoint = keyof typeof editing;

const keyId = (k: TextKey) => `${k.page}/${k.section}/${k.content_key}`;
const keyOf = (k: TextKey): TextKey => ({ page: k.page, section: k.section, content_key: k.content_key });

/** One version of a text (parses with textVersionSchema); override any field. */
export function buildTextVersion(overrides: Partial<TextVersion> = {}): TextVersion {
  const base = { page: 'home' as EditablePage, section: 'hero', content_key: 'title', revision: 1, ...overrides };
  return {
    id: `version-${keyId(base).replace(/\//g, '-')}-${base.revision}`,
    content_data: { text: 'Croft Common' },
    published: true,
    created_by: null,
    updated_at: SEEDED_AT,
    ...(overrides.published === false ? {} : { published_at: SEEDED_AT, published_by: null }),
    ...base,
  };
}

/** The bundled text of every page and the global text as published revision-1 versions (the seed). */
export function buildSeedVersions(pages: readonly EditablePage[] = [...PAGE_KEYS, GLOBAL_CMS_PAGE]): TextVersion[] {
  return pages.flatMap((page) =>
    page === GLOBAL_CMS_PAGE
      ? Object.entries(GLOBAL_TEXT_DEFAULTS).map(([content_key, text]) =>
          buildTextVersion({ page, section: GLOBAL_CMS_SECTION, content_key, content_data: { text } }),
        )
      : Object.entries(PAGE_TEXT_DEFAULTS[page]).flatMap(([section, keys]) =>
          Object.entries(keys).map(([content_key, text]) => buildTextVersion({ page, section, content_key, content_data: { text } })),
        ),
  );
}

/**
 * The editing service's state in memory, with its rules: a save names the head revision it
 * started from (else 409 edit_conflict), publish flips the named draft revision live, discard
 * deletes the drafts above what is live, restore saves an earlier published version as a new
 * draft, schedules wait for their time, presence lasts PRESENCE_TTL_MS after the last heartbeat.
 */
export interface EditingStore {
  versions: TextVersion[];
  schedules: ScheduledPublish[];
  presence: Map<string, { email: string; since: string; until: number }[]>;
  audit: AuditEvent[];
  /** The highest discarded draft revision per text ('page/section/key'): never reused, as in the service. */
  discarded: Map<string, number>;
  /** Versions of one text, highest revision first. */
  versionsOf(key: TextKey): TextVersion[];
  entry(key: TextKey): EditorTextEntry;
  /** Saves a draft over base_revision as `actor`: the version, or null on a conflict. */
  save(key: TextKey, data: CmsTextData, baseRevision: number, actor?: Actor): TextVersion | null;
}

export function createEditingStore(seed: TextVersion[] = buildSeedVersions(), now: () => Date = () => new Date()): EditingStore {
  let ids = 0;
  const store: EditingStore = {
    versions: seed.map((v) => ({ ...v })),
    schedules: [],
    presence: new Map(),
    audit: [],
    discarded: new Map(),
    versionsOf(key) {
      return store.versions.filter((v) => keyId(v) === keyId(key)).sort((a, b) => b.revision - a.revision);
    },
    entry(key) {
      const list = store.versionsOf(key);
      const head = list[0] ?? null;
      return {
        ...keyOf(key),
        live: list.find((v) => v.published) ?? null,
        draft: head && !head.published ? head : null,
        head_revision: head?.revision ?? 0,
        scheduled: store.schedules.find((s) => keyId(s) === keyId(key)) ?? null,
      };
    },
    save(key, data, baseRevision, actor = MOCK_EDITOR) {
      if (store.entry(key).head_revision !== baseRevision) return null;
      const version: TextVersion = {
        id: `version-${++ids}-${Date.now().toString(36)}`,
        ...keyOf(key),
        // The next number past any discarded draft's: the service never reuses one, so revisions can have gaps.
        revision: Math.max(baseRevision, store.discarded.get(keyId(key)) ?? 0) + 1,
        content_data: data,
        published: false,
        created_by: actor,
        updated_at: now().toISOString(),
      };
      store.versions.push(version);
      store.audit.unshift(auditEvent(actor, 'text.draft_saved', key, `revision ${version.revision} saved as draft`, now()));
      return version;
    },
  };
  return store;
}

/**
 * A world with work to review (the /cms home, the review panel and history): drafts on three pages
 * and the global text, by two editors, one with only positioning changed, one scheduled, and a text
 * with published history whose revisions have a gap (a discarded draft's number is never reused).
 */
export function createReviewStore(now: Date = new Date()): EditingStore {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const published = (minutesAgo: number, by: Actor | null = MOCK_EDITOR) => ({
    published: true,
    created_by: by,
    updated_at: at(minutesAgo + 5),
    published_at: at(minutesAgo),
    published_by: by,
  });
  const draft = (minutesAgo: number, by: Actor = MOCK_EDITOR) => ({ published: false, created_by: by, updated_at: at(minutesAgo) });
  const cafeTitle = { page: 'cafe' as const, section: 'hero', content_key: 'title' };
  const cafeSubtitle = { page: 'cafe' as const, section: 'hero', content_key: 'subtitle' };
  const homeHeading = { page: 'home' as const, section: 'about', content_key: 'heading' };
  const tagline = { page: GLOBAL_CMS_PAGE as EditablePage, section: GLOBAL_CMS_SECTION, content_key: 'tagline' };
  const subtitle = PAGE_TEXT_DEFAULTS.cafe.hero.subtitle;
  const seed = buildSeedVersions().filter((v) => ![cafeTitle, homeHeading].some((k) => keyId(k) === keyId(v)));
  const store = createEditingStore(
    [
      ...seed,
      // The cafe's title: published twice (2 and 4; draft 3 was discarded), a draft 5 pending.
      buildTextVersion({ ...cafeTitle, revision: 1, content_data: { text: 'The Cafe' } }),
      buildTextVersion({ ...cafeTitle, revision: 2, content_data: { text: 'The Cafe at Croft' }, ...published(60 * 24 * 9, MOCK_OTHER_EDITOR) }),
      buildTextVersion({ ...cafeTitle, revision: 4, content_data: { text: 'The Croft Cafe', positioning: { alignment: 'center' } }, ...published(60 * 24 * 2) }),
      buildTextVersion({ ...cafeTitle, revision: 5, content_data: { text: 'The Croft Common Cafe', positioning: { alignment: 'center' } }, ...draft(12) }),
      // The cafe's subtitle: only its place changes.
      buildTextVersion({ ...cafeSubtitle, revision: 2, content_data: { text: subtitle, positioning: { alignment: 'right', marginTop: '4', marginBottom: '1' } }, ...draft(30, MOCK_OTHER_EDITOR) }),
      // Home: a new heading, scheduled for tomorrow morning.
      buildTextVersion({ ...homeHeading, revision: 1, content_data: { text: PAGE_TEXT_DEFAULTS.home.about.heading } }),
      buildTextVersion({ ...homeHeading, revision: 2, content_data: { text: 'One building, open to all of Bristol' }, ...draft(90) }),
      // The global tagline.
      buildTextVersion({ ...tagline, revision: 2, content_data: { text: 'Cafe. Cocktails. Beer. Kitchens. Hall. Community. Since 2016.' }, ...draft(180, MOCK_OTHER_EDITOR) }),
    ],
    () => now,
  );
  store.discarded.set(keyId(cafeTitle), 3);
  store.schedules.push({
    id: 'a'.repeat(24),
    ...homeHeading,
    revision: 2,
    publish_at: new Date(now.getTime() + DAY_MS).toISOString().replace(/T.*$/, 'T09:00:00.000Z'),
    created_by: MOCK_EDITOR,
    created_at: at(60),
  });
  return store;
}

let auditIds = 0;
function auditEvent(actor: Actor | null, action: string, key: TextKey, detail: string, at: Date): AuditEvent {
  return { id: `audit-${++auditIds}`, at: at.toISOString(), service: 'content', actor, action, target: keyId(key), detail };
}

const changedAt = (v: TextVersion) => Math.max(Date.parse(v.updated_at), v.published_at ? Date.parse(v.published_at) : 0);

function latest(entry: EditorTextEntry): number {
  const times = [entry.draft?.updated_at, entry.live?.updated_at, entry.live?.published_at].filter((t): t is string => Boolean(t));
  return Math.max(0, ...times.map((t) => Date.parse(t)));
}

export interface EditingMockOptions {
  /** The state to answer from (shared across handler sets, e.g. to inspect it in a test); a fresh seeded one by default. */
  store?: EditingStore;
  /** Every editing call is refused as signed out (401 not_authenticated), token or not. */
  signedOut?: boolean;
  /** Every editing endpoint fails with this status (the server-error envelope). */
  failWith?: number;
  /** Only these endpoints fail: a status (server-error envelope) or a whole failure. */
  failures?: Partial<Record<EditingEndpoint, number | MockFailure>>;
  /**
   * The conflict world: someone else saves each text (this text, by MOCK_OTHER_EDITOR) just before
   * the editor's first save of it, so that save is a 409 and the next one over the new head works.
   */
  conflictText?: string;
  /** These editors have every text open (presence). */
  othersEditing?: string[];
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Sign in to do that.' };
const CONFLICT: MockFailure = { status: 409, code: 'edit_conflict', message: 'This text was changed by someone else since you opened it.' };

/**
 * The content service's editing endpoints as MSW answers them, over one in-memory store: every
 * call needs a bearer token (else 401 not_authenticated), and saves, publishes, discards,
 * restores and schedules follow the service's revision rules.
 */
export function editingHandlers(options: EditingMockOptions = {}) {
  const store = options.store ?? createEditingStore();
  const conflicted = new Set<string>();

  function refuse(endpoint: EditingEndpoint, request: Request): Response | undefined {
    if (options.signedOut || !request.headers.get('authorization')?.startsWith('Bearer ')) return mockError(NOT_SIGNED_IN);
    const failing = options.failures?.[endpoint] ?? options.failWith;
    if (failing === undefined) return undefined;
    return mockError(typeof failing === 'number' ? { ...SERVER_ERROR, status: failing } : failing);
  }
  // A global text is page 'global' with section 'global'; anything else there names no text.
  const isValid = (k: TextKey) => k.page !== GLOBAL_CMS_PAGE || k.section === GLOBAL_CMS_SECTION;
  const invalidKey = () => mockError({ status: 400, code: 'invalid_request', message: "A global text's section is 'global'." });

  function save(key: TextKey, data: CmsTextData, base: number): TextVersion | Response {
    if (options.conflictText !== undefined && !conflicted.has(keyId(key))) {
      conflicted.add(keyId(key));
      const entry = store.entry(key);
      const current = (entry.draft ?? entry.live)?.content_data;
      store.save(key, { ...current, text: options.conflictText }, entry.head_revision, MOCK_OTHER_EDITOR);
    }
    return store.save(key, data, base) ?? mockError(CONFLICT);
  }

  function publish(key: TextKey, revision: number, by: Actor | null): TextVersion | null {
    const head = store.versionsOf(key)[0];
    if (!head || head.revision !== revision || head.published) return null;
    const at = new Date().toISOString();
    Object.assign(head, { published: true, published_at: at, published_by: by });
    store.schedules = store.schedules.filter((s) => keyId(s) !== keyId(key) || s.revision > revision);
    store.audit.unshift(auditEvent(by, 'text.published', key, `revision ${revision} live`, new Date()));
    return head;
  }

  return [
    mockEndpoint(editing.getEditorPageText, ({ params, request }) => {
      const refused = refuse('getEditorPageText', request);
      if (refused) return refused;
      const keys = new Map(store.versions.filter((v) => v.page === params.page).map((v) => [keyId(v), keyOf(v)]));
      const items = [...keys.values()]
        .map((k) => store.entry(k))
        .sort((a, b) => Number(Boolean(b.draft)) - Number(Boolean(a.draft)) || latest(b) - latest(a) || (keyId(a) < keyId(b) ? -1 : 1));
      return { items };
    }),
    mockEndpoint(editing.getEditorText, ({ query, request }) => {
      return refuse('getEditorText', request) ?? (isValid(query) ? store.entry(query) : invalidKey());
    }),
    mockEndpoint(editing.saveDraft, ({ body, request }) => {
      const refused = refuse('saveDraft', request) ?? (isValid(body) ? undefined : invalidKey());
      if (refused) return refused;
      const saved = save(body, body.content_data, body.base_revision);
      return saved instanceof Response ? saved : { version: saved };
    }),
    mockEndpoint(editing.listPendingDrafts, ({ request }) => {
      const refused = refuse('listPendingDrafts', request);
      if (refused) return refused;
      const keys = new Map(store.versions.map((v) => [keyId(v), keyOf(v)]));
      const items = [...keys.values()]
        .map((k) => store.entry(k))
        .filter((e) => e.draft)
        .sort((a, b) => Date.parse(b.draft!.updated_at) - Date.parse(a.draft!.updated_at) || (keyId(a) < keyId(b) ? -1 : 1));
      return { items };
    }),
    mockEndpoint(editing.publishDrafts, ({ body, request }) => {
      const refused = refuse('publishDrafts', request);
      if (refused) return refused;
      const seen = new Set<string>();
      const published: TextVersion[] = [];
      const conflicts: TextKey[] = [];
      for (const item of body.items) {
        const version = isValid(item) && !seen.has(keyId(item)) ? publish(item, item.revision, MOCK_EDITOR) : null;
        seen.add(keyId(item));
        if (version) published.push(version);
        else conflicts.push(keyOf(item));
      }
      return { published, conflicts };
    }),
    mockEndpoint(editing.discardDraft, ({ body, request }) => {
      const refused = refuse('discardDraft', request) ?? (isValid(body) ? undefined : invalidKey());
      if (refused) return refused;
      const list = store.versionsOf(body);
      const head = list[0];
      if (!head || head.published) return mockError({ status: 404, code: 'draft_not_found', message: 'This text has no draft.' });
      if (head.revision !== body.revision) return mockError(CONFLICT);
      const live = list.find((v) => v.published)?.revision ?? 0;
      store.versions = store.versions.filter((v) => keyId(v) !== keyId(body) || v.revision <= live || v.revision > body.revision);
      store.discarded.set(keyId(body), Math.max(store.discarded.get(keyId(body)) ?? 0, body.revision));
      store.schedules = store.schedules.filter((s) => keyId(s) !== keyId(body) || s.revision > body.revision);
      store.audit.unshift(auditEvent(MOCK_EDITOR, 'text.discarded', body, `draft revision ${body.revision} discarded`, new Date()));
      return { entry: store.entry(body) };
    }),
    mockEndpoint(editing.getTextHistory, ({ query, request }) => {
      return refuse('getTextHistory', request) ?? { items: store.versionsOf(query).filter((v) => v.published) };
    }),
    mockEndpoint(editing.restoreVersion, ({ body, request }) => {
      const refused = refuse('restoreVersion', request) ?? (isValid(body) ? undefined : invalidKey());
      if (refused) return refused;
      const earlier = store.versionsOf(body).find((v) => v.revision === body.revision && v.published);
      if (!earlier) return mockError({ status: 404, code: 'version_not_found', message: 'No such published version.' });
      const saved = store.save(body, earlier.content_data, body.base_revision);
      return saved ? { version: saved } : mockError(CONFLICT);
    }),
    mockEndpoint(editing.schedulePublish, ({ body, request }) => {
      const refused = refuse('schedulePublish', request) ?? (isValid(body) ? undefined : invalidKey());
      if (refused) return refused;
      const at = Date.parse(body.publish_at);
      if (at <= Date.now() || at > Date.now() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) {
        return mockError({ status: 400, code: 'invalid_time', message: `Pick a time in the next ${SCHEDULE_MAX_DAYS_AHEAD} days.` });
      }
      const list = store.versionsOf(body);
      const draft = list.find((v) => v.revision === body.revision);
      if (!draft || draft.published) return mockError({ status: 404, code: 'draft_not_found', message: 'This text has no such draft.' });
      if (list[0].revision !== body.revision) return mockError(CONFLICT);
      const schedule: ScheduledPublish = {
        id: (++auditIds).toString(16).padStart(24, '0'),
        ...keyOf(body),
        revision: body.revision,
        publish_at: new Date(at).toISOString(),
        created_by: MOCK_EDITOR,
        created_at: new Date().toISOString(),
      };
      store.schedules = [...store.schedules.filter((s) => keyId(s) !== keyId(body)), schedule];
      return schedule;
    }),
    mockEndpoint(editing.listSchedules, ({ request }) => {
      return refuse('listSchedules', request) ?? { items: [...store.schedules].sort((a, b) => (a.publish_at < b.publish_at ? -1 : 1)) };
    }),
    mockEndpoint(editing.cancelSchedule, ({ params, request }) => {
      const refused = refuse('cancelSchedule', request);
      if (refused) return refused;
      const found = store.schedules.find((s) => s.id === params.id);
      if (!found) return mockError({ status: 404, code: 'schedule_not_found', message: 'No such scheduled publish.' });
      store.schedules = store.schedules.filter((s) => s !== found);
      return { cancelled: true as const };
    }),
    mockEndpoint(editing.editorPresence, ({ body, request }) => {
      const refused = refuse('editorPresence', request);
      if (refused) return refused;
      const id = keyId(body);
      const now = Date.now();
      const present = (store.presence.get(id) ?? []).filter((p) => p.until > now && p.email !== MOCK_EDITOR.email);
      const mine = store.presence.get(id)?.find((p) => p.email === MOCK_EDITOR.email && p.until > now);
      if (body.open) present.push({ email: MOCK_EDITOR.email, since: mine?.since ?? new Date(now).toISOString(), until: now + PRESENCE_TTL_MS });
      store.presence.set(id, present);
      const others = [
        ...(options.othersEditing ?? []).map((email) => ({ email, since: SEEDED_AT })),
        ...present.filter((p) => p.email !== MOCK_EDITOR.email).map(({ email, since }) => ({ email, since })),
      ];
      return { others };
    }),
    mockEndpoint(editing.listEditorActivity, ({ query, request }) => {
      const refused = refuse('listEditorActivity', request);
      if (refused) return refused;
      const items = [...store.versions]
        .sort((a, b) => changedAt(b) - changedAt(a))
        .slice(0, Number(query.limit ?? 20));
      return { items };
    }),
    mockEndpoint(editing.listContentAudit, ({ query, request }) => {
      const refused = refuse('listContentAudit', request);
      if (refused) return refused;
      return { items: store.audit.slice(0, Number(query.limit ?? 50)) };
    }),
  ];
}
