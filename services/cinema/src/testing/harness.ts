// Test harness for the cinema service: the embedded store, a MailDev catching the ticket emails,
// a fixed clock, identity-like tokens and a set of newsletter members. Tests only.
import request from 'supertest';
import type { Express } from 'express';
import { startMailDev, type RunningMailDev } from '@croft/maildev';
import { connectMongo, createMailer, createServiceApp, manualClock, silentLogger, type Mailer, type ManualClock, type MongoHandle } from '@croft/service-kit';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { createCinemaService, type CinemaService, type CinemaServiceOptions } from '../cinema-service';

export const ORIGIN = 'http://localhost:3000';
export const QR_SECRET = 'test-qr-secret-0123456789-0123456789-abcdef';

export interface CinemaHarness {
  mongo: MongoHandle;
  maildev: RunningMailDev;
  mailer: Mailer;
  clock: ManualClock;
  members: Set<string>;
  service: CinemaService;
  app: Express;
  /** Another instance of the service on its own connection to the same database (as a second gateway). */
  secondInstance(): Promise<{ app: Express; stop: () => Promise<void> }>;
  /** Bearer and Origin headers for a member named `name` (email `<name>@example.com`). */
  auth(name: string): Promise<Record<string, string>>;
  /** The same for a member of staff (role staff). */
  staffAuth(name: string): Promise<Record<string, string>>;
  /** The same for an admin (role admin). */
  adminAuth(name: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

let counter = 0;

export async function startCinemaHarness(
  name: string,
  options: {
    now: string;
    capacity?: number;
    mailer?: Mailer;
    /** Another harness's MailDev (one MailDev runs per process). */
    maildev?: RunningMailDev;
  } & Partial<Pick<CinemaServiceOptions, 'bookingsPerMinute'>>,
): Promise<CinemaHarness> {
  counter += 1;
  const dbName = `cinema_${name}_${process.pid}_${counter}`;
  const mongo = await connectMongo({ dbName });
  const ownMailDev = !options.maildev;
  const maildev = options.maildev ?? (await startMailDev({ smtpPort: 0, webPort: 0 }));
  const mailer = createMailer({ smtpUrl: maildev.smtpUrl, from: 'Croft Common <hello@croftcommon.local>' });
  const clock = manualClock(options.now);
  const tokens = await testTokens(ORIGIN);
  const members = new Set<string>();
  const build = (db: MongoHandle['connection']) =>
    createCinemaService({
      db,
      logger: silentLogger(),
      mailer: options.mailer ?? mailer,
      clock,
      isActiveSubscriber: async (email) => members.has(email),
      verifyAccessToken: tokens.verify,
      qrSecret: QR_SECRET,
      capacity: options.capacity,
      bookingsPerMinute: options.bookingsPerMinute ?? 100_000,
    });
  const appOf = (service: CinemaService) => createServiceApp({ name: 'cinema', router: service.router, publicOrigin: ORIGIN, logger: silentLogger() });
  const service = build(mongo.connection);
  await service.seed();
  const others: MongoHandle[] = [];
  return {
    mongo,
    maildev,
    mailer,
    clock,
    members,
    service,
    app: appOf(service),
    async secondInstance() {
      const other = await connectMongo({ uri: mongo.uri, dbName });
      others.push(other);
      const second = build(other.connection);
      await second.seed();
      return { app: appOf(second), stop: () => other.stop() };
    },
    async auth(person: string) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@example.com`, roles: [] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async staffAuth(person: string) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@croftcommon.co.uk`, roles: ['staff'] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async adminAuth(person: string) {
      const token = await tokens.token({ sub: `user-${person}`, email: `${person}@croftcommon.co.uk`, roles: ['admin'] });
      return { Authorization: `Bearer ${token}`, Origin: ORIGIN };
    },
    async stop() {
      mailer.close();
      await Promise.all(others.map((o) => o.stop()));
      await mongo.stop();
      if (ownMailDev) await maildev.stop();
    },
  };
}

/** Books for a member through the HTTP API. */
export async function book(h: CinemaHarness, app: Express, person: string, body: Record<string, unknown>) {
  return request(app).post('/api/cinema/bookings').set(await h.auth(person)).send(body);
}
