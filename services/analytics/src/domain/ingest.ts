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

/** The host of a referrer URL ('' when empty or not a URL); stored beside the referrer as given. */
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
              referrer: event.referrer,
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
              page_path: event.page_path,
              page_title: event.page_title,
              referrer: event.referrer,
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
            journeys.push({ session_id: sid, user_id, from_page: event.from_page, to_page: event.to_page, transition_type: event.transition_type, at: when, recorded_at });
            break;
          case 'interaction':
            presses.push({
              session_id: sid,
              user_id,
              page_path: event.page_path,
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
      const writes: Promise<unknown>[] = [
        // The hot path goes through the models' driver collections: the values are already the
        // stored types (validated by the contract), so mongoose's casting would only cost time.
        models.session.collection.updateOne(
          { _id: sessionObjectId(sid) },
          { ...(Object.keys(sessionSet).length ? { $set: sessionSet } : {}), $setOnInsert: onInsert },
          { upsert: true },
        ).catch((error: unknown) => {
          if ((error as { code?: unknown }).code !== 11000) throw error;
          // Two batches of a new session at once: the other made it; apply ours to it.
          if (Object.keys(sessionSet).length) return models.session.collection.updateOne({ _id: sessionObjectId(sid) }, { $set: sessionSet });
          return undefined;
        }),
      ];
      const insertViews = views.length
        ? models.pageView.collection.insertMany(views, { ordered: false }).catch((error: unknown) => {
            if (!isDuplicateOnly(error)) throw error;
          })
        : Promise.resolve();
      writes.push(insertViews);
      if (journeys.length) writes.push(models.journey.collection.insertMany(journeys as JourneyDoc[], { ordered: false }));
      if (presses.length) writes.push(models.interaction.collection.insertMany(presses as InteractionDoc[], { ordered: false }));
      // Updates go after the views they may update (the same batch can hold both).
      if (updates.length) writes.push(insertViews.then(() => models.pageView.collection.bulkWrite(updates as never, { ordered: false })));
      await Promise.all(writes);
      return batch.events.length;
    },

    async pageEnd(beacon) {
      let id: Types.ObjectId | undefined;
      if (beacon.viewId) id = viewObjectId(beacon.sessionId, beacon.viewId);
      else {
        // The spec's four fields alone: the latest view of that page in that session.
        const latest = await models.pageView
          .findOne({ session_id: beacon.sessionId, page_path: beacon.pagePath }, { _id: 1 })
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
