import { Types } from 'mongoose';
import {
  NUDGE_DELIVERIES_SHOWN,
  NUDGE_RETRY_DELAYS_MS,
  NUDGE_SEND_CONCURRENCY,
  type ComposeNudgeRequest,
  type Nudge,
  type NudgeCounts,
  type NudgeDelivery,
  type NudgeStoredAudience,
  type TestNudgeRequest,
} from '@croft/contracts';
import type { AuditActor, AuditLog, Clock, IsActiveSubscriber, Jobs, Logger } from '@croft/service-kit';
import type { DeliveryDoc, NudgeDoc, NudgeModels, StoredAudience, SubscriptionDoc } from '../data/nudge-models';
import type { PushSender } from './push';

/** One job per nudge (keyed by its id): sends it once, across every instance. */
export const NUDGE_SEND_JOB = 'nudge-send';
/** One job per retry round of a nudge (keyed by nudge and round): tries the pushes that got 429/5xx/no answer again. */
export const NUDGE_RETRY_JOB = 'nudge-retry';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Retry-After longer than this is capped (the next round is never further off). */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;
/** Deliveries pushed between two writes of their outcomes (and two extensions of the job's lease). */
const DELIVERY_BATCH = 500;

export type NudgeRefusal = 'nudge_not_found' | 'not_cancellable' | 'no_subscriptions';

export interface NudgeService {
  compose(actor: AuditActor, input: ComposeNudgeRequest): Promise<Nudge>;
  testSend(actor: AuditActor, input: TestNudgeRequest): Promise<Nudge | 'no_subscriptions'>;
  cancel(actor: AuditActor, id: string): Promise<Nudge | 'nudge_not_found' | 'not_cancellable'>;
  list(): Promise<Nudge[]>;
  detail(id: string): Promise<{ nudge: Nudge; deliveries: NudgeDelivery[] } | null>;
  click(id: string): Promise<boolean>;
  /** The send job's work (exported for the jobs and the benchmark). */
  send(nudgeId: string, extendLease?: () => Promise<boolean>): Promise<void>;
  /** The retry job's work. */
  retry(nudgeId: string, extendLease?: () => Promise<boolean>): Promise<void>;
}

const emptyCounts = (): NudgeCounts => ({ targeted: 0, sent: 0, failed: 0, removed: 0, pending: 0, clicks: 0 });

function view(doc: NudgeDoc, counts: NudgeCounts): Nudge {
  return {
    id: String(doc._id),
    title: doc.title,
    body: doc.body,
    url: doc.url,
    audience: doc.audience as NudgeStoredAudience,
    state: doc.state,
    send_at: doc.send_at.toISOString(),
    repeat: doc.repeat ? { every: doc.repeat.every, until: doc.repeat.until.toISOString() } : null,
    series_id: String(doc.series_id),
    occurrence: doc.occurrence,
    test: doc.test,
    created_by: doc.created_by,
    created_at: doc.created_at.toISOString(),
    finished_at: doc.finished_at ? doc.finished_at.toISOString() : null,
    counts: { ...counts, clicks: doc.clicks },
  };
}

function describeAudience(audience: StoredAudience): string {
  switch (audience.kind) {
    case 'email':
      return `to ${audience.email}`;
    case 'interest':
      return `to '${audience.interest}'`;
    case 'test':
      return 'test to own browsers';
    default:
      return `to ${audience.kind}`;
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createNudges(deps: {
  models: NudgeModels;
  clock: Clock;
  logger: Logger;
  audit: AuditLog;
  jobs: Jobs;
  push: () => Promise<PushSender>;
  isActiveSubscriber: IsActiveSubscriber;
  /** Pushes in flight at once (default NUDGE_SEND_CONCURRENCY). */
  concurrency?: number;
  /** Called after a nudge due now is scheduled, so it need not wait for the next poll. */
  kick?: () => void;
}): NudgeService {
  const { models, clock, jobs, audit } = deps;
  const concurrency = deps.concurrency ?? NUDGE_SEND_CONCURRENCY;

  async function countsFor(ids: Types.ObjectId[]): Promise<Map<string, NudgeCounts>> {
    const rows = await models.delivery.aggregate<{ _id: { nudge: Types.ObjectId; status: DeliveryDoc['status'] }; n: number }>([
      { $match: { nudge_id: { $in: ids } } },
      { $group: { _id: { nudge: '$nudge_id', status: '$status' }, n: { $sum: 1 } } },
    ]);
    const out = new Map<string, NudgeCounts>();
    for (const row of rows) {
      const key = String(row._id.nudge);
      const counts = out.get(key) ?? emptyCounts();
      counts.targeted += row.n;
      if (row._id.status === 'sent') counts.sent += row.n;
      else if (row._id.status === 'failed') counts.failed += row.n;
      else if (row._id.status === 'removed') counts.removed += row.n;
      else counts.pending += row.n;
      out.set(key, counts);
    }
    return out;
  }

  async function viewOf(doc: NudgeDoc): Promise<Nudge> {
    return view(doc, (await countsFor([doc._id])).get(String(doc._id)) ?? emptyCounts());
  }

  async function schedule(doc: NudgeDoc): Promise<void> {
    await jobs.schedule(NUDGE_SEND_JOB, doc.send_at, { nudge_id: String(doc._id) }, { key: String(doc._id) });
    if (doc.send_at.getTime() <= clock.now().getTime()) deps.kick?.();
  }

  async function audienceOf(audience: StoredAudience): Promise<SubscriptionDoc[]> {
    const fields = { endpoint: 1, p256dh: 1, auth: 1, browser: 1, email: 1, linked_via: 1 };
    switch (audience.kind) {
      case 'everyone':
        return models.subscription.find({}, fields).lean<SubscriptionDoc[]>();
      case 'email':
        return models.subscription.find({ email: audience.email }, fields).lean<SubscriptionDoc[]>();
      case 'interest':
        return models.subscription.find({ topics: audience.interest }, fields).lean<SubscriptionDoc[]>();
      case 'test':
        return models.subscription.find({ user_id: audience.user_id }, fields).lean<SubscriptionDoc[]>();
      case 'members': {
        // Members are newsletter subscribers (spec 001): linked browsers whose address is one, asked live.
        const linked = await models.subscription.find({ linked_via: { $ne: null }, email: { $ne: null } }, fields).lean<SubscriptionDoc[]>();
        const verdicts = new Map<string, Promise<boolean>>();
        const isMember = (email: string) => {
          if (!verdicts.has(email)) verdicts.set(email, deps.isActiveSubscriber(email));
          return verdicts.get(email)!;
        };
        const flags = await Promise.all(linked.map((s) => isMember(s.email!)));
        return linked.filter((_, i) => flags[i]);
      }
    }
  }

  /**
   * Pushes the given deliveries (bounded concurrency) and records the outcomes, a batch at a time:
   * outcomes alike are written with one updateMany, so 10,000 deliveries cost a few dozen writes,
   * and the job's lease is extended after each batch. A run that dies mid-batch leaves that batch
   * 'pending', and the run that takes over sends it again (at most DELIVERY_BATCH pushes twice).
   */
  async function deliver(nudge: NudgeDoc, deliveries: DeliveryDoc[], extendLease?: () => Promise<boolean>): Promise<void> {
    if (deliveries.length === 0) return;
    const send = await deps.push();
    const payload = { title: nudge.title, body: nudge.body, url: nudge.url, nudge_id: String(nudge._id) };
    for (let start = 0; start < deliveries.length; start += DELIVERY_BATCH) {
      const batch = deliveries.slice(start, start + DELIVERY_BATCH);
      const subs = new Map(
        (await models.subscription.find({ _id: { $in: batch.map((d) => d.subscription_id) } }, { endpoint: 1, p256dh: 1, auth: 1 }).lean<SubscriptionDoc[]>()).map((s) => [
          String(s._id),
          s,
        ]),
      );
      const updates = new Map<string, { set: Partial<DeliveryDoc>; ids: Types.ObjectId[] }>();
      const succeeded: Types.ObjectId[] = [];
      const gone: Types.ObjectId[] = [];
      const record = (id: Types.ObjectId, set: Partial<DeliveryDoc>) => {
        const key = JSON.stringify(set);
        const group = updates.get(key) ?? { set, ids: [] };
        group.ids.push(id);
        updates.set(key, group);
      };
      await eachLimited(batch, concurrency, async (delivery) => {
        const attempts = delivery.attempts + 1;
        const sub = subs.get(String(delivery.subscription_id));
        if (!sub) {
          record(delivery._id, { status: 'removed', next_attempt_at: null, reason: 'unsubscribed before it was sent' });
          return;
        }
        const outcome = await send(sub, payload);
        if (outcome.kind === 'sent') {
          succeeded.push(sub._id);
          record(delivery._id, { status: 'sent', attempts, next_attempt_at: null, status_code: outcome.status, reason: null });
        } else if (outcome.kind === 'gone') {
          gone.push(sub._id);
          record(delivery._id, { status: 'removed', attempts, next_attempt_at: null, status_code: outcome.status, reason: outcome.reason });
        } else if (outcome.kind === 'retry' && attempts <= NUDGE_RETRY_DELAYS_MS.length) {
          const wait = Math.min(Math.max(NUDGE_RETRY_DELAYS_MS[attempts - 1], outcome.retryAfterMs ?? 0), MAX_RETRY_AFTER_MS);
          record(delivery._id, { status: 'retrying', attempts, next_attempt_at: new Date(clock.now().getTime() + wait), status_code: outcome.status, reason: outcome.reason });
        } else {
          const reason = outcome.kind === 'retry' ? `${outcome.reason} (gave up after ${attempts} attempts)` : outcome.reason;
          record(delivery._id, { status: 'failed', attempts, next_attempt_at: null, status_code: outcome.status, reason });
        }
      });
      const now = clock.now();
      for (const { set, ids } of updates.values()) await models.delivery.updateMany({ _id: { $in: ids } }, { $set: { ...set, updated_at: now } });
      if (succeeded.length) await models.subscription.updateMany({ _id: { $in: succeeded } }, { $set: { last_success_at: now } });
      if (gone.length) await models.subscription.deleteMany({ _id: { $in: gone } });
      if (extendLease && start + DELIVERY_BATCH < deliveries.length && !(await extendLease())) {
        throw new Error('the job lease passed to another instance mid-send; it carries on from the deliveries left');
      }
    }
  }

  /** After a round: the next retry round, or the nudge is finished. */
  async function afterRound(nudge: NudgeDoc): Promise<void> {
    const next = await models.delivery
      .findOne({ nudge_id: nudge._id, status: 'retrying' }, { next_attempt_at: 1 })
      .sort({ next_attempt_at: 1, _id: 1 })
      .lean<DeliveryDoc>();
    if (next?.next_attempt_at) {
      // Keyed by the due time: instances finishing the same round schedule one job, not two.
      const at = next.next_attempt_at;
      await jobs.schedule(NUDGE_RETRY_JOB, at, { nudge_id: String(nudge._id) }, { key: `${String(nudge._id)}:${at.getTime()}` });
      return;
    }
    await models.nudge.updateOne({ _id: nudge._id, state: 'sending' }, { $set: { state: 'sent', finished_at: clock.now() } });
  }

  /** A repeated nudge: the next occurrence (made once: unique series + occurrence). */
  async function scheduleNext(nudge: NudgeDoc): Promise<void> {
    if (!nudge.repeat) return;
    const step = nudge.repeat.every === 'daily' ? DAY_MS : 7 * DAY_MS;
    const at = new Date(nudge.send_at.getTime() + step);
    if (at.getTime() > nudge.repeat.until.getTime()) return;
    let next: NudgeDoc | null = null;
    try {
      next = (
        await models.nudge.create({
          title: nudge.title,
          body: nudge.body,
          url: nudge.url,
          audience: nudge.audience,
          state: 'scheduled',
          send_at: at,
          repeat: nudge.repeat,
          series_id: nudge.series_id,
          occurrence: nudge.occurrence + 1,
          test: false,
          created_by: nudge.created_by,
          created_at: clock.now(),
          started_at: null,
          finished_at: null,
          clicks: 0,
        })
      ).toObject() as NudgeDoc;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
      next = await models.nudge.findOne({ series_id: nudge.series_id, occurrence: nudge.occurrence + 1 }).lean<NudgeDoc>();
    }
    if (next && next.state === 'scheduled') await schedule(next);
  }

  const service: NudgeService = {
    async compose(actor, input) {
      const now = clock.now();
      const sendAt = input.send_at ? new Date(input.send_at) : now;
      const id = new Types.ObjectId();
      const doc = (
        await models.nudge.create({
          _id: id,
          title: input.title,
          body: input.body,
          url: input.url,
          audience: input.audience,
          state: 'scheduled',
          send_at: sendAt,
          repeat: input.repeat ? { every: input.repeat.every, until: new Date(input.repeat.until) } : null,
          series_id: id,
          occurrence: 1,
          test: false,
          created_by: actor.email ?? actor.id,
          created_at: now,
          started_at: null,
          finished_at: null,
          clicks: 0,
        })
      ).toObject() as NudgeDoc;
      await audit.record({
        actor,
        action: 'nudge.composed',
        target: String(id),
        detail: `'${doc.title}' ${describeAudience(doc.audience)}, ${input.send_at ? `at ${sendAt.toISOString()}` : 'now'}${doc.repeat ? `, ${doc.repeat.every} until ${doc.repeat.until.toISOString()}` : ''} → ${doc.url}`,
      });
      await schedule(doc);
      return viewOf(doc);
    },

    async testSend(actor, input) {
      if ((await models.subscription.countDocuments({ user_id: actor.id })) === 0) return 'no_subscriptions';
      const now = clock.now();
      const id = new Types.ObjectId();
      const doc = (
        await models.nudge.create({
          _id: id,
          ...input,
          audience: { kind: 'test', user_id: actor.id },
          state: 'scheduled',
          send_at: now,
          repeat: null,
          series_id: id,
          occurrence: 1,
          test: true,
          created_by: actor.email ?? actor.id,
          created_at: now,
          started_at: null,
          finished_at: null,
          clicks: 0,
        })
      ).toObject() as NudgeDoc;
      await audit.record({ actor, action: 'nudge.test_sent', target: String(id), detail: `'${doc.title}' to own browsers → ${doc.url}` });
      await schedule(doc);
      return viewOf(doc);
    },

    async cancel(actor, id) {
      const cancelled = await models.nudge
        .findOneAndUpdate({ _id: new Types.ObjectId(id), state: 'scheduled' }, { $set: { state: 'cancelled', finished_at: clock.now() } }, { returnDocument: 'after' })
        .lean<NudgeDoc>();
      if (!cancelled) return (await models.nudge.countDocuments({ _id: new Types.ObjectId(id) })) ? 'not_cancellable' : 'nudge_not_found';
      await audit.record({ actor, action: 'nudge.cancelled', target: id, detail: `'${cancelled.title}' due ${cancelled.send_at.toISOString()} cancelled${cancelled.repeat ? ' (and the rest of its series)' : ''}` });
      return viewOf(cancelled);
    },

    async list() {
      const docs = await models.nudge.find({}).sort({ created_at: -1, _id: -1 }).limit(200).lean<NudgeDoc[]>();
      const counts = await countsFor(docs.map((d) => d._id));
      return docs.map((d) => view(d, counts.get(String(d._id)) ?? emptyCounts()));
    },

    async detail(id) {
      const doc = await models.nudge.findById(new Types.ObjectId(id)).lean<NudgeDoc>();
      if (!doc) return null;
      const deliveries = await models.delivery.find({ nudge_id: doc._id }).sort({ updated_at: -1, _id: -1 }).limit(NUDGE_DELIVERIES_SHOWN).lean<DeliveryDoc[]>();
      return {
        nudge: await viewOf(doc),
        deliveries: deliveries.map((d) => ({
          subscription_id: String(d.subscription_id),
          browser: d.browser,
          email: d.email,
          status: d.status,
          attempts: d.attempts,
          status_code: d.status_code,
          reason: d.reason,
          updated_at: d.updated_at.toISOString(),
        })),
      };
    },

    async click(id) {
      const counted = await models.nudge.updateOne({ _id: new Types.ObjectId(id), state: { $in: ['sending', 'sent'] } }, { $inc: { clicks: 1 } });
      return counted.matchedCount > 0;
    },

    async send(nudgeId, extendLease) {
      const _id = new Types.ObjectId(nudgeId);
      // scheduled → sending, once; a run taken over after a crash finds it 'sending' and carries on.
      const now = clock.now();
      let nudge = await models.nudge.findOneAndUpdate({ _id, state: 'scheduled' }, { $set: { state: 'sending', started_at: now } }, { returnDocument: 'after' }).lean<NudgeDoc>();
      if (!nudge) {
        nudge = await models.nudge.findOne({ _id, state: 'sending' }).lean<NudgeDoc>();
        if (!nudge) return; // cancelled, or already sent
      } else {
        // The series goes on whatever happens to this send.
        await scheduleNext(nudge);
      }
      const audience = await audienceOf(nudge.audience);
      const stamp = clock.now();
      for (let start = 0; start < audience.length; start += DELIVERY_BATCH) {
        try {
          await models.delivery.insertMany(
            audience.slice(start, start + DELIVERY_BATCH).map((s) => ({
              _id: new Types.ObjectId(),
              nudge_id: nudge._id,
              subscription_id: s._id,
              browser: s.browser,
              email: s.email ?? null,
              status: 'pending' as const,
              attempts: 0,
              next_attempt_at: null,
              status_code: null,
              reason: null,
              updated_at: stamp,
            })),
            // Plain documents made here (no hydration); a batch is one insert.
            { ordered: false, lean: true },
          );
        } catch (error) {
          // Run again after a crash: the deliveries made before are kept (unique per browser).
          if ((error as { code?: unknown }).code !== 11000) throw error;
        }
      }
      const pending = await models.delivery.find({ nudge_id: nudge._id, status: 'pending' }).lean<DeliveryDoc[]>();
      await deliver(nudge, pending, extendLease);
      await afterRound(nudge);
    },

    async retry(nudgeId, extendLease) {
      const nudge = await models.nudge.findOne({ _id: new Types.ObjectId(nudgeId), state: 'sending' }).lean<NudgeDoc>();
      if (!nudge) return;
      const due = await models.delivery.find({ nudge_id: nudge._id, status: 'retrying', next_attempt_at: { $lte: clock.now() } }).lean<DeliveryDoc[]>();
      await deliver(nudge, due, extendLease);
      await afterRound(nudge);
    },
  };
  return service;
}
