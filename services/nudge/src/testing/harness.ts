// Test harness for the nudge service: the embedded store, a recording mailer, a fixed clock,
// identity-like tokens, newsletter members, and a local push endpoint. Tests only.
import type { Express } from 'express';
import { connectMongo, createServiceApp, manualClock, silentLogger, type ManualClock, type MongoHandle } from '@croft/service-kit';
import { recordingMailer } from '@croft/service-kit/testing/hostile-input';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { createNudgeService, type NudgeServiceInstance, type NudgeServiceOptions } from '../nudge-service';
import { startPushEndpoint, type PushEndpoint } from './push-endpoint';

export const ORIGIN = 'http://localhost:3000';
export const KEY_SECRET = 'test-key-encryption-secret-0123456789-abcdef';

export interface NudgeHarness {
  mongo: MongoHandle;
  mails: ReturnType<typeof recordingMailer>['mails'];
  clock: ManualClock;
  members: Set<string>;
  push: PushEndpoint;
  service: NudgeServiceInstance;
  app: Express;
  /** Another instance of the service on its own connection to the same database (as a second gateway). */
  secondInstance(): Promise<{ service: NudgeServiceInstance; app: Express; stop: () => Promise<void> }>;
  /** Bearer and Origin headers for a member `name` (email `<name>@example.com`). */
  auth(name: string): Promise<Record<string, string>>;
  /** The same for staff (role staff; email `<name>@croftcommon.co.uk`). */
  staffAuth(name: string): Promise<Record<string, string>>;
  /** The same for an admin. */
  adminAuth(name: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

let counter = 0;

export async function startNudgeHarness(name: string, options: Partial<Pick<NudgeServiceOptions, 'concurrency' | 'pushSender'>> & { now?: string } = {}): Promise<NudgeHarness> {
  counter += 1;
  const dbName = `nudge_${name}_${process.pid}_${counter}`;
  const mongo = await connectMongo({ dbName });
  const { mailer, mails } = recordingMailer();
  const clock = manualClock(options.now ?? '2026-11-24T10:00:00Z');
  const tokens = await testTokens(ORIGIN);
  const members = new Set<string>();
  const push = await startPushEndpoint();
  const build = (db: MongoHandle['connection']) =>
    createNudgeService({
      db,
      logger: silentLogger(),
      mailer,
      clock,
      publicOrigin: ORIGIN,
      keyEncryptionSecret: KEY_SECRET,
      vapidSubject: 'mailto:hello@croftcommon.co.uk',
      verifyAccessToken: tokens.verify,
      isActiveSubscriber: async (email) => members.has(email),
      kickJobs: false,
      ...options,
    });
  const appOf = (service: NudgeServiceInstance) => createServiceApp({ name: 'nudge', router: service.router, publicOrigin: ORIGIN, logger: silentLogger() });
  const service = build(mongo.connection);
  await service.seed();
  const others: MongoHandle[] = [];
  return {
    mongo,
    mails,
    clock,
    members,
    push,
    service,
    app: appOf(service),
    async secondInstance() {
      const other = await connectMongo({ uri: mongo.uri, dbName });
      others.push(other);
      const second = build(other.connection);
      await second.seed();
      return { service: second, app: appOf(second), stop: () => other.stop() };
    },
    async auth(person) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@example.com`, roles: [] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async staffAuth(person) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@croftcommon.co.uk`, roles: ['staff'] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async adminAuth(person) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@croftcommon.co.uk`, roles: ['admin'] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async stop() {
      await push.close();
      await Promise.all(others.map((o) => o.stop()));
      await mongo.stop();
    },
  };
}
