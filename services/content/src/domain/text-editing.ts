import {
  GLOBAL_CMS_PAGE,
  GLOBAL_CMS_SECTION,
  PRESENCE_TTL_MS,
  SCHEDULE_MAX_DAYS_AHEAD,
  type Actor,
  type CmsTextData,
  type EditablePage,
  type EditorTextEntry,
  type ScheduledPublish,
  type TextKey,
  type TextVersion,
} from '@croft/contracts';
import type { Clock } from '@croft/service-kit';

/**
 * Editing CMS text (issue 11; the model is described in libs/contracts cms-editing.ts): every save
 * inserts the text's next revision as a draft over the revision the editor started from; publishing
 * flips one named draft revision live (once); discarding deletes the drafts above the live revision;
 * restoring saves an earlier published version's content as a new draft; a scheduled publish is run
 * by a platform job. Each change is audit-logged. No Express here: outcomes are values, and the
 * HTTP layer maps them to status codes.
 */

/** Where versions are kept (data/text-versions.ts). */
export interface TextVersionSource {
  pageVersions(page: EditablePage): Promise<TextVersion[]>;
  textVersions(key: TextKey): Promise<TextVersion[]>;
  version(key: TextKey, revision: number): Promise<TextVersion | null>;
  insertDraft(draft: { key: TextKey; revision: number; content_data: CmsTextData; actor: Actor; now: Date }): Promise<TextVersion | null>;
  publish(key: TextKey, revision: number, by: Actor | null, now: Date): Promise<TextVersion | null>;
  deleteDrafts(key: TextKey, above: number, through: number): Promise<number>;
  highestDiscarded(key: TextKey): Promise<number>;
  keysWithDrafts(): Promise<TextKey[]>;
  recent(limit: number): Promise<TextVersion[]>;
}

/** Where scheduled publishes are kept (data/publish-schedules.ts). */
export interface ScheduleSource {
  pending(filter?: { page?: string; key?: TextKey }): Promise<ScheduledPublish[]>;
  replace(id: string, key: TextKey, revision: number, publishAt: Date, by: Actor, now: Date): Promise<ScheduledPublish | null>;
  cancel(id: string, now: Date): Promise<ScheduledPublish | null>;
  cancelUpTo(key: TextKey, through: number, now: Date): Promise<number>;
  claim(id: string, now: Date): Promise<ScheduledPublish | null>;
  finish(id: string, status: 'done' | 'skipped' | 'failed', now: Date): Promise<void>;
}

/** Where presence is kept (data/editor-presence.ts). */
export interface PresenceSource {
  heartbeat(key: TextKey, user: { id: string; email: string }, now: Date, expiresAt: Date): Promise<void>;
  leave(key: TextKey, userId: string): Promise<void>;
  others(key: TextKey, userId: string, now: Date): Promise<{ email: string; since: Date }[]>;
}

/** The audit log's record (service-kit createAuditLog). */
export interface AuditRecorder {
  record(event: { actor: Actor | null; action: string; target: string; detail: string }): Promise<void>;
}

/** Makes the job that will run a schedule: due at `publishAt`, keyed by the schedule's id. */
export type ScheduleJob = (scheduleId: string, publishAt: Date) => Promise<void>;

export type SaveOutcome = { ok: true; version: TextVersion } | { ok: false; reason: 'edit_conflict' | 'version_not_found' | 'invalid_key' };
export type DiscardOutcome = { ok: true; entry: EditorTextEntry } | { ok: false; reason: 'edit_conflict' | 'draft_not_found' | 'invalid_key' };
export type ScheduleOutcome =
  | { ok: true; schedule: ScheduledPublish }
  | { ok: false; reason: 'edit_conflict' | 'draft_not_found' | 'invalid_time' | 'invalid_key' };
export interface PublishOutcome {
  published: TextVersion[];
  conflicts: TextKey[];
}
/** What a scheduled run did: published the revision, or skipped (the draft had gone or moved below what is live). */
export type ScheduledRunOutcome = 'published' | 'skipped' | 'not_due';

export interface TextEditor {
  pageEntries(page: EditablePage): Promise<EditorTextEntry[]>;
  entry(key: TextKey): Promise<EditorTextEntry | { invalid: true }>;
  saveDraft(key: TextKey, data: CmsTextData, baseRevision: number, actor: Actor): Promise<SaveOutcome>;
  pendingDrafts(): Promise<EditorTextEntry[]>;
  publish(items: readonly (TextKey & { revision: number })[], actor: Actor): Promise<PublishOutcome>;
  discard(key: TextKey, revision: number, actor: Actor): Promise<DiscardOutcome>;
  history(key: TextKey): Promise<TextVersion[]>;
  restore(key: TextKey, revision: number, baseRevision: number, actor: Actor): Promise<SaveOutcome>;
  schedule(key: TextKey, revision: number, publishAt: Date, actor: Actor): Promise<ScheduleOutcome>;
  schedules(): Promise<ScheduledPublish[]>;
  cancelSchedule(id: string, actor: Actor): Promise<boolean>;
  /**
   * The platform job's work for one schedule (idempotent: a revision publishes once). When the
   * job's last attempt fails, `finalAttempt` marks the schedule 'failed' and audits it, so it does
   * not sit 'running' for ever (the draft stays a draft for the editors to publish by hand).
   */
  runSchedule(id: string, options?: { finalAttempt?: boolean }): Promise<ScheduledRunOutcome>;
  presence(key: TextKey, user: { id: string; email: string }, open: boolean): Promise<{ email: string; since: string }[]>;
  activity(limit: number): Promise<TextVersion[]>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Publishes in flight at once within one batch (the store is shared; keep the pressure bounded). */
const PUBLISH_CONCURRENCY = 16;

/** 'page/section/content_key': the audit target of a text. */
export function textTarget(key: TextKey): string {
  return `${key.page}/${key.section}/${key.content_key}`;
}

const keyId = (key: TextKey) => `${key.page}\u0000${key.section}\u0000${key.content_key}`;
const keyOf = (k: TextKey): TextKey => ({ page: k.page, section: k.section, content_key: k.content_key });

/** A global text is page 'global' with section 'global'; anything else there names no text. */
export function isValidKey(key: TextKey): boolean {
  return key.page !== GLOBAL_CMS_PAGE || key.section === GLOBAL_CMS_SECTION;
}

/** One text's entry from its versions (highest revision first). */
export function entryOf(key: TextKey, versions: readonly TextVersion[], scheduled: ScheduledPublish | null): EditorTextEntry {
  const head = versions[0] ?? null;
  return {
    ...keyOf(key),
    live: versions.find((v) => v.published) ?? null,
    draft: head && !head.published ? head : null,
    head_revision: head?.revision ?? 0,
    scheduled,
  };
}

/** The latest moment of an entry (its draft's save, or its live version's publish or save). */
function latest(entry: EditorTextEntry): number {
  const times = [entry.draft?.updated_at, entry.live?.updated_at, entry.live?.published_at].filter((t): t is string => Boolean(t));
  return Math.max(0, ...times.map((t) => Date.parse(t)));
}

/** Drafts first, newest first; ties by key so the order is stable. */
export function sortEntries(entries: EditorTextEntry[]): EditorTextEntry[] {
  return entries.sort(
    (a, b) =>
      Number(Boolean(b.draft)) - Number(Boolean(a.draft)) ||
      latest(b) - latest(a) ||
      (textTarget(a) < textTarget(b) ? -1 : textTarget(a) > textTarget(b) ? 1 : 0),
  );
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of the results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

export function createTextEditor(options: {
  versions: TextVersionSource;
  schedules: ScheduleSource;
  presence: PresenceSource;
  audit: AuditRecorder;
  clock: Clock;
  /** Schedules the job that runs a scheduled publish. */
  scheduleJob: ScheduleJob;
  /** Makes a new id for a schedule (an ObjectId hex string). */
  newId: () => string;
  /** Called after texts went live (clear the visitors' read caches). */
  onPublished: (keys: readonly TextKey[]) => void;
}): TextEditor {
  const { versions, schedules, presence, audit, clock } = options;

  async function entriesOf(keys: readonly TextKey[]): Promise<EditorTextEntry[]> {
    const pages = [...new Set(keys.map((k) => k.page))];
    const wanted = new Set(keys.map(keyId));
    const [byPage, pending] = await Promise.all([Promise.all(pages.map((page) => versions.pageVersions(page))), schedules.pending()]);
    const grouped = new Map<string, TextVersion[]>();
    for (const version of byPage.flat()) {
      const id = keyId(version);
      if (!wanted.has(id)) continue;
      const list = grouped.get(id);
      if (list) list.push(version);
      else grouped.set(id, [version]);
    }
    const scheduled = new Map(pending.map((s) => [keyId(s), s]));
    return keys.map((key) => entryOf(key, grouped.get(keyId(key)) ?? [], scheduled.get(keyId(key)) ?? null));
  }

  async function entry(key: TextKey): Promise<EditorTextEntry> {
    const [list, pending] = await Promise.all([versions.textVersions(key), schedules.pending({ key })]);
    return entryOf(key, list, pending[0] ?? null);
  }

  async function save(
    key: TextKey,
    data: CmsTextData,
    baseRevision: number,
    actor: Actor,
    action: 'text.draft_saved' | 'text.restored',
    detail: (revision: number) => string,
  ): Promise<SaveOutcome> {
    const [[head], discarded] = await Promise.all([versions.textVersions(key), versions.highestDiscarded(key)]);
    if ((head?.revision ?? 0) !== baseRevision) return { ok: false, reason: 'edit_conflict' };
    // The next number, past any discarded draft's (never reused). The unique (text, revision) index
    // decides between two saves over the same base: one insert wins.
    const revision = Math.max(baseRevision, discarded) + 1;
    const version = await versions.insertDraft({ key: keyOf(key), revision, content_data: data, actor, now: clock.now() });
    if (!version) return { ok: false, reason: 'edit_conflict' };
    await audit.record({ actor, action, target: textTarget(key), detail: detail(version.revision) });
    return { ok: true, version };
  }

  /**
   * Publishes one named revision if it is still the text's pending draft (newest version,
   * unpublished), and cancels its schedules of that revision or older (`scheduled`: whether it had
   * any pending when the batch started; one read for the whole batch instead of a write per text).
   */
  async function publishOne(key: TextKey, revision: number, head: TextVersion | undefined, scheduled: boolean, by: Actor | null, detail: string) {
    if (!head || head.revision !== revision || head.published) return null;
    const version = await versions.publish(keyOf(key), revision, by, clock.now());
    if (!version) return null;
    if (scheduled) await schedules.cancelUpTo(keyOf(key), revision, clock.now());
    await audit.record({ actor: by, action: 'text.published', target: textTarget(key), detail });
    return version;
  }

  /** One claimed schedule carried out: publish its revision, or skip when the draft has gone or moved below live. */
  async function carryOut(id: string, schedule: ScheduledPublish): Promise<ScheduledRunOutcome> {
    const key = keyOf(schedule);
    const list = await versions.textVersions(key);
    const target = list.find((v) => v.revision === schedule.revision);
    const live = list.find((v) => v.published)?.revision ?? 0;
    let outcome: ScheduledRunOutcome = 'skipped';
    if (target?.published) {
      // Published by an earlier run of this job that stopped before it finished.
      outcome = 'published';
    } else if (target && target.revision > live) {
      const version = await versions.publish(key, schedule.revision, null, clock.now());
      if (version) {
        outcome = 'published';
        await audit.record({ actor: null, action: 'text.published', target: textTarget(key), detail: `revision ${schedule.revision} live (scheduled)` });
        options.onPublished([key]);
      }
    }
    if (outcome === 'skipped') {
      await audit.record({
        actor: null,
        action: 'text.schedule_skipped',
        target: textTarget(key),
        detail: `revision ${schedule.revision} was no longer a draft above the live text; nothing published`,
      });
    }
    await schedules.finish(id, outcome === 'published' ? 'done' : 'skipped', clock.now());
    return outcome;
  }

  return {
    async pageEntries(page) {
      const [list, pending] = await Promise.all([versions.pageVersions(page), schedules.pending({ page })]);
      const grouped = new Map<string, TextVersion[]>();
      for (const version of list) {
        const id = keyId(version);
        const found = grouped.get(id);
        if (found) found.push(version);
        else grouped.set(id, [version]);
      }
      const scheduled = new Map(pending.map((s) => [keyId(s), s]));
      return sortEntries([...grouped.entries()].map(([id, vs]) => entryOf(vs[0], vs, scheduled.get(id) ?? null)));
    },

    async entry(key) {
      if (!isValidKey(key)) return { invalid: true };
      return entry(key);
    },

    async saveDraft(key, data, baseRevision, actor) {
      if (!isValidKey(key)) return { ok: false, reason: 'invalid_key' };
      return save(key, data, baseRevision, actor, 'text.draft_saved', (revision) => `revision ${revision} saved as draft`);
    },

    async pendingDrafts() {
      const entries = await entriesOf(await versions.keysWithDrafts());
      return entries.filter((e) => e.draft).sort((a, b) => Date.parse(b.draft!.updated_at) - Date.parse(a.draft!.updated_at) || (textTarget(a) < textTarget(b) ? -1 : 1));
    },

    async publish(items, actor) {
      // The newest version of every named text, read per page in one go.
      const valid = items.filter(isValidKey);
      const heads = new Map<string, TextVersion>();
      const pages = [...new Set(valid.map((i) => i.page))];
      const [byPage, pending] = await Promise.all([Promise.all(pages.map((page) => versions.pageVersions(page))), schedules.pending()]);
      for (const version of byPage.flat()) {
        const id = keyId(version);
        if (!heads.has(id)) heads.set(id, version);
      }
      const scheduled = new Set(pending.map(keyId));
      // The same text named twice: the first naming counts, the rest are conflicts.
      const seen = new Set<string>();
      const results = await mapLimited(items, PUBLISH_CONCURRENCY, async (item) => {
        const id = keyId(item);
        if (!isValidKey(item) || seen.has(id)) return { item, version: null };
        seen.add(id);
        const version = await publishOne(item, item.revision, heads.get(id), scheduled.has(id), actor, `revision ${item.revision} live`);
        return { item, version };
      });
      const published = results.flatMap((r) => (r.version ? [r.version] : []));
      const conflicts = results.flatMap((r) => (r.version ? [] : [keyOf(r.item)]));
      if (published.length > 0) options.onPublished(published.map(keyOf));
      return { published, conflicts };
    },

    async discard(key, revision, actor) {
      if (!isValidKey(key)) return { ok: false, reason: 'invalid_key' };
      const list = await versions.textVersions(key);
      const head = list[0];
      if (!head || head.published) return { ok: false, reason: 'draft_not_found' };
      if (head.revision !== revision) return { ok: false, reason: 'edit_conflict' };
      const live = list.find((v) => v.published)?.revision ?? 0;
      // Guarded by revision: a draft saved after the one reviewed stays; a published one never goes.
      const deleted = await versions.deleteDrafts(keyOf(key), live, revision);
      if (deleted === 0) return { ok: false, reason: 'edit_conflict' };
      await schedules.cancelUpTo(keyOf(key), revision, clock.now());
      await audit.record({ actor, action: 'text.discarded', target: textTarget(key), detail: `draft revision ${revision} discarded` });
      return { ok: true, entry: await entry(key) };
    },

    async history(key) {
      if (!isValidKey(key)) return [];
      return (await versions.textVersions(key)).filter((v) => v.published);
    },

    async restore(key, revision, baseRevision, actor) {
      if (!isValidKey(key)) return { ok: false, reason: 'invalid_key' };
      const earlier = await versions.version(key, revision);
      if (!earlier || !earlier.published) return { ok: false, reason: 'version_not_found' };
      return save(key, earlier.content_data, baseRevision, actor, 'text.restored', (saved) => `revision ${revision} restored as draft revision ${saved}`);
    },

    async schedule(key, revision, publishAt, actor) {
      if (!isValidKey(key)) return { ok: false, reason: 'invalid_key' };
      const now = clock.now();
      if (publishAt.getTime() <= now.getTime() || publishAt.getTime() > now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) {
        return { ok: false, reason: 'invalid_time' };
      }
      const [head] = await versions.textVersions(key);
      const draft = await versions.version(key, revision);
      if (!draft || draft.published) return { ok: false, reason: 'draft_not_found' };
      if (!head || head.revision !== revision) return { ok: false, reason: 'edit_conflict' };
      const id = options.newId();
      // What this schedule replaces (at most one pending per text), for the audit log.
      const replacing = await schedules.pending({ key: keyOf(key) });
      // The job first: if this process stops before the schedule is written, the job finds nothing to do.
      await options.scheduleJob(id, publishAt);
      const schedule = await schedules.replace(id, keyOf(key), revision, publishAt, actor, now);
      if (!schedule) return { ok: false, reason: 'edit_conflict' };
      for (const old of replacing) {
        await audit.record({
          actor,
          action: 'text.schedule_replaced',
          target: textTarget(key),
          detail: `scheduled publish of revision ${old.revision} at ${old.publish_at} replaced`,
        });
      }
      await audit.record({ actor, action: 'text.scheduled', target: textTarget(key), detail: `revision ${revision} to go live at ${publishAt.toISOString()}` });
      return { ok: true, schedule };
    },

    schedules: () => schedules.pending(),

    async cancelSchedule(id, actor) {
      const cancelled = await schedules.cancel(id, clock.now());
      if (!cancelled) return false;
      await audit.record({
        actor,
        action: 'text.schedule_cancelled',
        target: textTarget(cancelled),
        detail: `scheduled publish of revision ${cancelled.revision} at ${cancelled.publish_at} cancelled`,
      });
      return true;
    },

    async runSchedule(id, run = {}) {
      const schedule = await schedules.claim(id, clock.now());
      if (!schedule) return 'not_due';
      try {
        return await carryOut(id, schedule);
      } catch (error) {
        if (run.finalAttempt) {
          await schedules.finish(id, 'failed', clock.now());
          await audit.record({
            actor: null,
            action: 'text.schedule_failed',
            target: textTarget(keyOf(schedule)),
            detail: `revision ${schedule.revision} could not be published at its time; it is still a draft`,
          });
        }
        throw error;
      }
    },

    async presence(key, user, open) {
      if (!isValidKey(key)) return [];
      const now = clock.now();
      if (open) await presence.heartbeat(key, user, now, new Date(now.getTime() + PRESENCE_TTL_MS));
      else await presence.leave(key, user.id);
      return (await presence.others(key, user.id, now)).map((o) => ({ email: o.email, since: o.since.toISOString() }));
    },

    activity: (limit) => versions.recent(limit),
  };
}
