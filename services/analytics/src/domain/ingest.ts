import { createHash } from 'node:crypto';
import { Types, type AnyBulkWriteOperation } from 'mongoose';
import { ANALYTICS_BOUNCE_SECONDS, type AnalyticsBatch, type AnalyticsPageEnd } from '@croft/contracts';
import type { Clock, Logger } from '@croft/service-kit';
import type { AnalyticsModels, InteractionDoc, JourneyDoc, PageViewDoc, SessionDoc } from '../data/analytics-models';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stable ObjectId from a text key (sha256, first 12 bytes): upserts and updates by _id. */
export function derivedId(kind: string, key: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(kind).update('\0').update(key).digest('hex').slice(0, 24));
}
export const sessionObjectId = (sessionId: string) => derivedId('session', sessionId);
export const viewObjectId = (sessionId: string, viewId: string) => derivedId('view', `${sessionId}\0${viewId}`);

/**
 * A path on this site without its query string or fragment: they can carry sign-in tokens and
 * search words, and /privacy promises they are never recorded (the tracker strips them too).
 */
export function pathOnly(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut) || '/';
}

/**
 * A referrer as stored: another site's origin and path, or a path on this site (the page before),
 * never a query string or fragment ('' when it is neither).
 */
export function referrerOnly(referrer: string): string {
  if (!referrer) return '';
  if (referrer.startsWith('/') && !referrer.startsWith('//')) return pathOnly(referrer);
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : '';
  } catch {
    return '';
  }
}

/** The host of a referrer URL ('' when empty or not a URL); stored beside the referrer. */
export function referrerHost(referrer: string): string {
  if (!referrer) return '';
  try {
    return new URL(referrer).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** What the request says about its sender (never stored as is except the user agent on the session). */
export interface Visit {
  userAgent: string;
  visitor: string;
  userId: string | null;
}

export interface Ingest {
  /** Stores one batch; answers how many events were stored. */
  batch(batch: AnalyticsBatch, visit: Visit): Promise<number>;
  /** The spec's page-end beacon: time spent, scroll depth and bounce on the view it ends. */
  pageEnd(beacon: AnalyticsPageEnd): Promise<boolean>;
}

function isDuplicateOnly(error: unknown): boolean {
  const e = error as { code?: unknown; writeErrors?: { code?: unknown; err?: { code?: unknown } }[] };
  if (e.code === 11000 && !e.writeErrors) return true;
  return Array.isArray(e.writeErrors) && e.writeErrors.length > 0 && e.writeErrors.every((w) => (w.code ?? w.err?.code) === 11000);
}

/**
 * Batched writes: one insertMany (unordered) per collection per batch, one upsert for the session,
 * one bulk write for the page updates. Browser times are clamped to the server's clock (never in
 * the future, at most a day old). A resent batch stores its page views once (their _id is derived
 * from the view id); journeys and presses have no id of their own, so a resend counts them twice.
 */
export function createIngest(options: { models: AnalyticsModels; clock: Clock; logger: Logger }): Ingest {
  const { models, clock } = options;

  const progress = (id: Types.ObjectId, time: number, scroll: number): AnyBulkWriteOperation<PageViewDoc>[] => [
    // Time only grows (the last, largest figure wins whatever order the updates arrive in).
    { updateOne: { filter: { _id: id, time_spent_seconds: { $lt: time } }, update: { $set: { time_spent_seconds: time, is_bounce: time < ANALYTICS_BOUNCE_SECONDS } } } },
    { updateOne: { filter: { _id: id, scroll_depth_percent: { $lt: scroll } }, update: { $set: { scroll_depth_percent: scroll } } } },
  ];

  const writer = createGroupWriter(models);
  return {
    async batch(batch, visit) {
      const now = clock.now();
      const nowMs = now.getTime();
      const at = (ms: number) => new Date(Math.min(nowMs, Math.max(nowMs - DAY_MS, ms)));
      const recorded_at = new Date();
      const sid = batch.session_id;
      const user_id = visit.userId;

      const views: PageViewDoc[] = [];
      const journeys: Omit<JourneyDoc, '_id'>[] = [];
      const presses: Omit<InteractionDoc, '_id'>[] = [];
      const updates: AnyBulkWriteOperation<PageViewDoc>[] = [];
      const sessionSet: Partial<SessionDoc> = {};
      let firstAt: Date | undefined;
      for (const event of batch.events) {
        const when = at(event.at);
        if (!firstAt || when < firstAt) firstAt = when;
        switch (event.type) {
          case 'session_start':
            Object.assign(sessionSet, {
              started_at: when,
              user_agent: visit.userAgent,
              referrer: referrerOnly(event.referrer),
              referrer_host: referrerHost(event.referrer),
              device_type: event.device_type,
              browser: event.browser,
              os: event.os,
              is_authenticated: event.is_authenticated || user_id !== null,
            });
            break;
          case 'session_end':
            if (!sessionSet.ended_at || when > sessionSet.ended_at) sessionSet.ended_at = when;
            break;
          case 'page_view':
            views.push({
              _id: viewObjectId(sid, event.view_id),
              session_id: sid,
              user_id,
              view_id: event.view_id,
              page_path: pathOnly(event.page_path),
              page_title: event.page_title,
              referrer: referrerOnly(event.referrer),
              viewed_at: when,
              time_spent_seconds: 0,
              scroll_depth_percent: 0,
              is_bounce: true,
              visitor: visit.visitor,
              recorded_at,
            });
            break;
          case 'page_update':
            updates.push(...progress(viewObjectId(sid, event.view_id), event.time_spent_seconds, event.scroll_depth_percent));
            break;
          case 'journey':
            journeys.push({ session_id: sid, user_id, from_page: pathOnly(event.from_page), to_page: pathOnly(event.to_page), transition_type: event.transition_type, at: when, recorded_at });
            break;
          case 'interaction':
            presses.push({
              session_id: sid,
              user_id,
              page_path: pathOnly(event.page_path),
              interaction_type: event.interaction_type,
              element_id: event.element_id,
              element_class: event.element_class,
              element_text: event.element_text,
              coordinates: event.coordinates,
              additional_data: event.additional_data ?? null,
              at: when,
              recorded_at,
            });
            break;
        }
      }
      if (user_id !== null) sessionSet.user_id = user_id;
      if (user_id !== null && sessionSet.started_at) sessionSet.is_authenticated = true;

      // The session: created by whichever event of it arrives first; session_start fills it in.
      const onInsert: Partial<SessionDoc> = {
        session_id: sid,
        user_id: null,
        started_at: firstAt ?? now,
        ended_at: null,
        user_agent: visit.userAgent,
        referrer: '',
        referrer_host: '',
        device_type: null,
        browser: null,
        os: null,
        is_authenticated: user_id !== null,
        visitor: visit.visitor,
        recorded_at,
      };
      for (const key of Object.keys(sessionSet)) delete onInsert[key as keyof SessionDoc];
      await writer.add({
        session: { _id: sessionObjectId(sid), set: sessionSet, onInsert },
        views,
        journeys: journeys as JourneyDoc[],
        presses: presses as InteractionDoc[],
        updates,
      });
      return batch.events.length;
    },

    async pageEnd(beacon) {
      let id: Types.ObjectId | undefined;
      if (beacon.viewId) id = viewObjectId(beacon.sessionId, beacon.viewId);
      else {
        // The spec's four fields alone: the latest view of that page in that session.
        const latest = await models.pageView
          .findOne({ session_id: beacon.sessionId, page_path: pathOnly(beacon.pagePath) }, { _id: 1 })
          .sort({ viewed_at: -1, _id: -1 })
          .lean();
        id = latest?._id;
      }
      if (!id) return false;
      await models.pageView.bulkWrite(progress(id, beacon.timeSpent, beacon.scrollDepth), { ordered: false });
      return true;
    },
  };
}

interface SessionWrite {
  _id: Types.ObjectId;
  set: Partial<SessionDoc>;
  onInsert: Partial<SessionDoc>;
}

interface Pending {
  sessions: SessionWrite[];
  views: PageViewDoc[];
  journeys: JourneyDoc[];
  presses: InteractionDoc[];
  updates: AnyBulkWriteOperation<PageViewDoc>[];
  waiters: { resolve: () => void; reject: (error: unknown) => void }[];
}

const emptyPending = (): Pending => ({ sessions: [], views: [], journeys: [], presses: [], updates: [], waiters: [] });

/**
 * Group commit: the batches of every request that arrives while a write is in flight are written
 * together by the next one: one bulk upsert of the sessions, one unordered insertMany per
 * collection, one bulk write of the page updates (after the views they may update). A request is
 * answered only once its rows are written (nothing acknowledged is lost); with one request at a
 * time this is exactly one write per collection per request.
 */
function createGroupWriter(models: AnalyticsModels) {
  let current = emptyPending();
  let scheduled = false;
  let flushing = false;

  async function write(p: Pending): Promise<void> {
    const writes: Promise<unknown>[] = [];
    if (p.sessions.length) {
      const ops = p.sessions.map((w) => ({
        updateOne: { filter: { _id: w._id }, update: { ...(Object.keys(w.set).length ? { $set: w.set } : {}), $setOnInsert: w.onInsert }, upsert: true },
      }));
      writes.push(
        models.session.collection.bulkWrite(ops as never, { ordered: false }).catch(async (error: unknown) => {
          if (!isDuplicateOnly(error)) throw error;
          // Another instance made some of these sessions at the same moment: apply ours to them.
          const failed = ((error as { writeErrors?: { index: number }[] }).writeErrors ?? []).map((w) => p.sessions[w.index]);
          await Promise.all(failed.filter((w) => Object.keys(w.set).length).map((w) => models.session.collection.updateOne({ _id: w._id }, { $set: w.set })));
        }),
      );
    }
    const insertViews = p.views.length
      ? models.pageView.collection.insertMany(p.views, { ordered: false }).then(
          () => undefined,
          (error: unknown) => {
            if (!isDuplicateOnly(error)) throw error;
          },
        )
      : Promise.resolve();
    writes.push(insertViews);
    if (p.journeys.length) writes.push(models.journey.collection.insertMany(p.journeys, { ordered: false }));
    if (p.presses.length) writes.push(models.interaction.collection.insertMany(p.presses, { ordered: false }));
    if (p.updates.length) writes.push(insertViews.then(() => models.pageView.collection.bulkWrite(p.updates as never, { ordered: false })));
    await Promise.all(writes);
  }

  function schedule(): void {
    if (scheduled || flushing) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const p = current;
      current = emptyPending();
      flushing = true;
      write(p)
        .then(
          () => p.waiters.forEach((w) => w.resolve()),
          (error: unknown) => p.waiters.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          flushing = false;
          if (current.waiters.length) schedule();
        });
    });
  }

  return {
    add(rows: { session: SessionWrite; views: PageViewDoc[]; journeys: JourneyDoc[]; presses: InteractionDoc[]; updates: AnyBulkWriteOperation<PageViewDoc>[] }): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        current.sessions.push(rows.session);
        current.views.push(...rows.views);
        current.journeys.push(...rows.journeys);
        current.presses.push(...rows.presses);
        current.updates.push(...rows.updates);
        current.waiters.push({ resolve, reject });
        schedule();
      });
    },
  };
}
