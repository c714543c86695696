import type { Router } from 'express';
import type { Connection } from 'mongoose';
import {
  MongoRateLimitStore,
  createAuditLog,
  createJobs,
  secretBox,
  systemClock,
  type AuditLog,
  type Clock,
  type IsActiveSubscriber,
  type Jobs,
  type Logger,
  type Mailer,
  type TokenVerifier,
} from '@croft/service-kit';
import { nudgeModels, type NudgeModels } from './data/nudge-models';
import { NUDGE_RETRY_JOB, NUDGE_SEND_JOB, createNudges, type NudgeService as Nudges } from './domain/nudges';
import { webPushSender, type PushSender } from './domain/push';
import { createSubscriptions, type Subscriptions } from './domain/subscriptions';
import { loadOrCreateVapidKeys, type VapidKeys } from './domain/vapid';
import { nudgeRoutes } from './http/nudge-routes';

/** The label under which KEY_ENCRYPTION_SECRET gives nudge its own key (identity's keys use another). */
export const NUDGE_KEY_PURPOSE = 'croft-nudge-keys';

export interface NudgeServiceOptions {
  db: Connection;
  logger: Logger;
  mailer: Mailer;
  clock?: Clock;
  /** PUBLIC_ORIGIN: the emailed link and the page it lands on; https → Secure device cookie. */
  publicOrigin: string;
  /** KEY_ENCRYPTION_SECRET: seals the VAPID private key. Missing → stored as is (warned). */
  keyEncryptionSecret?: string;
  /** The VAPID subject (mailto: or https:). */
  vapidSubject: string;
  /** identity's token verifier; without it auto-link and staff routes answer 503 not_configured. */
  verifyAccessToken?: TokenVerifier;
  /** Live membership (newsletter), for the 'members' audience. */
  isActiveSubscriber: IsActiveSubscriber;
  /**
   * The jobs runner owned by the caller (the composition, service 'nudge'): sends and retries run
   * on it, once across instances. Default: its own runner that never polls (tests call `jobs.runDueNow()`).
   */
  jobs?: Jobs;
  /** Pushes in flight at once (default 20). */
  concurrency?: number;
  /** Replaces web-push over fetch (never in production; for a failing push service in tests). */
  pushSender?: (keys: VapidKeys) => PushSender;
  /** Run due jobs at once after a nudge due now is made (default true; tests turn it off to drive the jobs). */
  kickJobs?: boolean;
}

export interface NudgeServiceInstance {
  router: Router;
  models: NudgeModels;
  subscriptions: Subscriptions;
  nudges: Nudges;
  audit: AuditLog;
  jobs: Jobs;
  /** The VAPID key pair (made at first start, kept in nudge_keys). */
  keys(): Promise<VapidKeys>;
  seed(): Promise<void>;
  close(): Promise<void>;
}

/** Web push: subscriptions, staff's nudges and their delivery log. */
export function createNudgeService(options: NudgeServiceOptions): NudgeServiceInstance {
  const models = nudgeModels(options.db);
  const clock = options.clock ?? systemClock;
  const audit = createAuditLog(options.db, 'nudge', { clock });
  const jobs = options.jobs ?? createJobs({ db: options.db, clock, logger: options.logger, service: 'nudge' });
  const box = secretBox(options.keyEncryptionSecret, NUDGE_KEY_PURPOSE);
  if (!box.encrypting) options.logger.warn('KEY_ENCRYPTION_SECRET is not set: the VAPID private key is stored unencrypted. Set it in production.');
  let keys: Promise<VapidKeys> | undefined;
  const loadKeys = () => {
    keys ??= loadOrCreateVapidKeys(models, box, options.logger, clock.now()).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  let sender: Promise<PushSender> | undefined;
  const push = () =>
    (sender ??= loadKeys().then((k) => (options.pushSender ? options.pushSender(k) : webPushSender(k, options.vapidSubject))));

  const subscriptions = createSubscriptions({ models, clock, mailer: options.mailer, logger: options.logger, publicOrigin: options.publicOrigin });
  const kick = options.kickJobs === false ? undefined : () => void jobs.runDueNow().catch((error: unknown) => options.logger.warn({ err: String(error) }, 'nudge send not started at once; the next poll sends it'));
  const nudges = createNudges({ models, clock, logger: options.logger, audit, jobs, push, isActiveSubscriber: options.isActiveSubscriber, concurrency: options.concurrency, kick });
  // Sends can take a while (10,000 browsers): the handler extends its lease as it goes.
  jobs.define<{ nudge_id: string }>(NUDGE_SEND_JOB, async ({ payload, extendLease }) => {
    if (payload) await nudges.send(payload.nudge_id, () => extendLease());
  });
  jobs.define<{ nudge_id: string }>(NUDGE_RETRY_JOB, async ({ payload, extendLease }) => {
    if (payload) await nudges.retry(payload.nudge_id, () => extendLease());
  });

  const router = nudgeRoutes({
    subscriptions,
    nudges,
    publicKey: async () => (await loadKeys()).publicKey,
    publicOrigin: options.publicOrigin,
    audit,
    verifyAccessToken: options.verifyAccessToken,
    limitStore: (prefix) => new MongoRateLimitStore(options.db, { prefix: `${prefix}:` }),
  });
  return {
    router,
    models,
    subscriptions,
    nudges,
    audit,
    jobs,
    keys: loadKeys,
    async seed() {
      await Promise.all(Object.values(models).map((m: { init(): Promise<unknown> }) => m.init()));
      await loadKeys();
    },
    async close() {},
  };
}
