/**
 * The content service's HTTP test harness: the embedded store (its own database per file), the
 * service with a token verifier for test-minted staff tokens (`./staff-tokens`), seeded, on a
 * manual clock, behind `createServiceApp` as the gateway mounts it; and a supertest caller that
 * sends the Origin header and a fresh bearer token for whoever is calling.
 *
 * Test code only (vitest and supertest): imported by test files, never by the service's index.
 * Calling `setupContentHarness` registers the file's hooks: beforeAll starts everything, afterAll
 * closes the services and the store, beforeEach moves the clock on a second.
 *
 * ```ts
 * import { expectError, staffPeople, setupContentHarness } from '../testing/content-harness';
 *
 * const h = setupContentHarness({ dbName: 'content_images_editor', now: '2030-07-01T09:00:00Z' });
 * const { ann, sam } = staffPeople; // an editor, a staff-only person (also bob: editor, ada: admin)
 *
 * it('is for editors', async () => {
 *   expect((await h.call('get', '/editor/drafts', ann)).status).toBe(200);
 *   expectError(await h.call('get', '/editor/drafts', sam), 403, 'forbidden');
 *   expectError(await h.call('get', '/editor/drafts', null), 401, 'not_authenticated');
 *   await h.content.models.cmsContent.countDocuments(); // the service, its store: h.mongo, h.clock
 * });
 * ```
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { errorEnvelopeSchema, type IdentityRole } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type ManualClock, type MongoHandle } from '@croft/service-kit';
import { createContentService, type ContentService, type ContentServiceOptions } from '../content-service';
import { testTokens } from './staff-tokens';

/** The public origin the app is built with; the harness's calls send it as their Origin. */
export const HARNESS_ORIGIN = 'http://localhost:3000';

type TestTokens = Awaited<ReturnType<typeof testTokens>>;
/** The claims of a test token (who is calling, their roles, aal/mfa). */
export type StaffClaims = NonNullable<Parameters<TestTokens['token']>[0]>;
/** Who makes a call: claims (a token is minted for them), a ready token, or null (no token). */
export type Caller = StaffClaims | string | null;
export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** Service options a harness may set (the store, clock and verifier are the harness's). */
export type HarnessServiceOptions = Partial<Omit<ContentServiceOptions, 'db' | 'clock'>>;

const person = (sub: string, email: string, role: IdentityRole) => ({ sub, email, roles: [role] as IdentityRole[] });

/** The usual cast: two editors, an admin and a staff-only person. */
export const staffPeople = {
  ann: person('user-ann', 'ann@croftcommon.test', 'editor'),
  bob: person('user-bob', 'bob@croftcommon.test', 'editor'),
  ada: person('user-ada', 'ada@croftcommon.test', 'admin'),
  sam: person('user-sam', 'sam@croftcommon.test', 'staff'),
} as const;

export interface ContentHarnessOptions {
  /** The database's name; the process id is added so parallel runs do not meet. */
  dbName: string;
  /** Where the manual clock starts. Keep it ahead of the wall clock: the store's TTL sweeper runs on real time. */
  now: string;
  /** On top of the defaults: no job polling (tests call `jobs.runDueNow()`), write limits high enough not to bite. */
  service?: HarnessServiceOptions;
}

export interface ContentHarness {
  readonly clock: ManualClock;
  readonly mongo: MongoHandle;
  readonly tokens: TestTokens;
  /** The seeded service behind `app`. */
  readonly content: ContentService;
  readonly app: Express;
  /** A request to `/api/content<path>` with the Origin header and, unless `who` is null, a bearer token. */
  call(method: Method, path: string, who: Caller, body?: unknown): Promise<request.Response>;
  /**
   * One more service (on the harness's database unless `db` is given, same clock, the verifier
   * unless `verifyAccessToken: undefined` is passed) and its app; closed with the harness.
   */
  another(options?: Partial<ContentServiceOptions>): { service: ContentService; app: Express };
}

/** Asserts the error envelope's status and code; returns its message. */
export function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

const serviceApp = (service: ContentService): Express =>
  createServiceApp({ name: 'content', router: service.router, logger: silentLogger(), publicOrigin: HARNESS_ORIGIN });

/** Registers the file's hooks and returns the harness; its fields are there from beforeAll on. */
export function setupContentHarness(options: ContentHarnessOptions): ContentHarness {
  const clock = manualClock(options.now);
  const started: ContentService[] = [];
  let state: { mongo: MongoHandle; tokens: TestTokens; content: ContentService; app: Express } | undefined;
  const ready = () => {
    if (!state) throw new Error('content harness: used before beforeAll ran');
    return state;
  };

  beforeAll(async () => {
    const tokens = await testTokens(HARNESS_ORIGIN);
    const mongo = await connectMongo({ dbName: `${options.dbName}_${process.pid}` });
    const content = createContentService({
      db: mongo.connection,
      clock,
      verifyAccessToken: tokens.verify,
      editorWritesPerMinute: 10_000,
      secretWordWritesPerMinute: 10_000,
      jobPollMs: 0,
      ...options.service,
    });
    started.push(content);
    await content.seed();
    state = { mongo, tokens, content, app: serviceApp(content) };
  });
  afterAll(async () => {
    await Promise.all(started.map((service) => service.close()));
    await state?.mongo.stop();
  });
  beforeEach(() => clock.advance(1000));

  return {
    clock,
    get mongo() {
      return ready().mongo;
    },
    get tokens() {
      return ready().tokens;
    },
    get content() {
      return ready().content;
    },
    get app() {
      return ready().app;
    },
    async call(method, path, who, body) {
      const { app, tokens } = ready();
      const req = request(app)[method](`/api/content${path}`).set('Origin', HARNESS_ORIGIN);
      if (who) req.set('Authorization', `Bearer ${typeof who === 'string' ? who : await tokens.token(who)}`);
      return body === undefined ? req : req.send(body as object);
    },
    another(overrides = {}) {
      const { mongo, tokens } = ready();
      const service = createContentService({ db: mongo.connection, clock, verifyAccessToken: tokens.verify, jobPollMs: 0, ...overrides });
      started.push(service);
      return { service, app: serviceApp(service) };
    },
  };
}
