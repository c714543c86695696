import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Clock } from './clock';

/**
 * Scheduled and delayed jobs that run once across every instance sharing one database.
 *
 * One collection (`jobs`, owned by the kit) holds one document per job, namespaced by service:
 * - a recurring job (`every`) is one schedule document per name, re-armed after each run;
 * - a delayed one-off job (`schedule`) is one document per call, or per idempotency key.
 * An instance claims a due job with a guarded `findOneAndUpdate` (due, and not leased or the lease
 * has expired) that sets a fresh lease token and `lease_until`; only the holder of that token may
 * complete it. A holder that crashes simply stops renewing: once `lease_until` passes, another
 * instance claims the job (that counts as an attempt). Every run is recorded in `job_runs`.
 *
 * Leases: a handler has `leaseMs` (default 5 minutes) to finish. Work that may take longer calls
 * `ctx.extendLease()` now and then (it answers false once the lease has been lost, and the handler
 * should then stop). There is no automatic heartbeat: a handler that overruns its lease without
 * extending it may be run a second time by another instance, so handlers stay idempotent.
 *
 * Times (due, lease, back-off, run records) come from the injected clock. Only the TTL fields
 * (`purge_at` on finished one-off jobs, `recorded_at` on runs) use the wall clock, because the
 * store's TTL sweeper does.
 *
 * Only the MongoDB subset in GUIDE §8 is used: equality/range filters, $set/$inc/$setOnInsert,
 * upserts, a guarded findOneAndUpdate, unique and TTL indexes. No transactions.
 */

export const JOBS_COLLECTION = 'jobs';
export const JOB_RUNS_COLLECTION = 'job_runs';
/** Run records are kept this long (TTL index on `recorded_at`). */
export const JOB_RUNS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Finished (done or failed) one-off jobs are kept this long, so an idempotency key stays used. */
export const FINISHED_JOBS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_JOB_OPTIONS: Required<JobOptions> = { retries: 3, backoffMs: 30_000, leaseMs: 5 * 60_000 };
export const DEFAULT_JOB_POLL_MS = 5_000;
/** At most this many runs per poll, so one poll cannot spin for ever. */
const MAX_RUNS_PER_POLL = 100;
const EVERY_KEY = 'every';
const FREE = new Date(0);

export interface JobOptions {
  /** Retries after the first attempt when the handler throws (default 3). 0 = no retry. */
  retries?: number;
  /** Back-off before retry n is backoffMs × 2^(n-1) (default 30 s). */
  backoffMs?: number;
  /** How long one claim holds the job (default 5 minutes). */
  leaseMs?: number;
}

export interface JobContext<P = unknown> {
  name: string;
  /** The payload given to `schedule` (undefined for recurring jobs). */
  payload: P | undefined;
  /** 1 for the first attempt at this occurrence, 2 for the first retry, … */
  attempt: number;
  /** When this occurrence was due. */
  dueAt: Date;
  instanceId: string;
  /** Pushes lease_until to now + ms (default leaseMs). False once this run no longer holds the lease. */
  extendLease(ms?: number): Promise<boolean>;
}

export type JobHandler<P = unknown> = (ctx: JobContext<P>) => unknown;

export type JobRunOutcomeKind = 'ok' | 'failed';

export interface JobRunOutcome {
  name: string;
  jobId: string;
  attempt: number;
  outcome: JobRunOutcomeKind;
  error?: string;
  /** Failed and another attempt is scheduled. */
  willRetry: boolean;
  /** The lease passed to another instance before this run finished: its result was not saved. */
  leaseLost: boolean;
}

export interface JobDoc {
  _id: Types.ObjectId;
  service: string;
  name: string;
  /** 'every' for the recurring schedule; 'once:<key>' for a one-off. Unique with service + name. */
  key: string;
  kind: 'every' | 'once';
  interval_ms?: number;
  payload?: unknown;
  status: 'scheduled' | 'done' | 'failed';
  /** When the job may next be claimed (the due time, or the retry time after a failure). */
  run_at: Date;
  /** When this occurrence was due (recurring jobs are re-armed from it, so they never drift). */
  slot_at: Date;
  /** Attempts made at this occurrence. */
  attempt: number;
  lease_token: string | null;
  /** Epoch when nobody holds the job. */
  lease_until: Date;
  leased_by: string | null;
  last_run_at?: Date;
  last_outcome?: JobRunOutcomeKind;
  last_error?: string | null;
  created_at: Date;
  updated_at: Date;
  /** Wall-clock TTL for finished one-offs. */
  purge_at?: Date;
}

export interface JobRunDoc {
  _id: Types.ObjectId;
  job_id: Types.ObjectId;
  service: string;
  name: string;
  key: string;
  attempt: number;
  instance: string;
  lease_token: string;
  started_at: Date;
  finished_at: Date | null;
  /** 'running' until it ends; 'lease_expired' when another instance took the job over. */
  outcome: 'running' | JobRunOutcomeKind | 'lease_expired';
  error: string | null;
  lease_lost: boolean;
  /** Wall clock, for the TTL index. */
  recorded_at: Date;
}

export function jobModel(connection: Connection): Model<JobDoc> {
  const existing = connection.models.KitJob as Model<JobDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<JobDoc>(
    {
      service: { type: String, required: true },
      name: { type: String, required: true },
      key: { type: String, required: true },
      kind: { type: String, required: true, enum: ['every', 'once'] },
      interval_ms: { type: Number },
      payload: { type: Schema.Types.Mixed },
      status: { type: String, required: true, enum: ['scheduled', 'done', 'failed'] },
      run_at: { type: Date, required: true },
      slot_at: { type: Date, required: true },
      attempt: { type: Number, required: true },
      lease_token: { type: String, default: null },
      lease_until: { type: Date, required: true },
      leased_by: { type: String, default: null },
      last_run_at: { type: Date },
      last_outcome: { type: String },
      last_error: { type: String, default: null },
      created_at: { type: Date, required: true },
      updated_at: { type: Date, required: true },
      purge_at: { type: Date },
    },
    { versionKey: false, collection: JOBS_COLLECTION },
  );
  schema.index({ service: 1, name: 1, key: 1 }, { unique: true });
  schema.index({ service: 1, name: 1, status: 1, run_at: 1 });
  schema.index({ purge_at: 1 }, { expireAfterSeconds: 0 });
  return connection.model<JobDoc>('KitJob', schema);
}

export function jobRunModel(connection: Connection): Model<JobRunDoc> {
  const existing = connection.models.KitJobRun as Model<JobRunDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<JobRunDoc>(
    {
      job_id: { type: Schema.Types.ObjectId, required: true },
      service: { type: String, required: true },
      name: { type: String, required: true },
      key: { type: String, required: true },
      attempt: { type: Number, required: true },
      instance: { type: String, required: true },
      lease_token: { type: String, required: true },
      started_at: { type: Date, required: true },
      finished_at: { type: Date, default: null },
      outcome: { type: String, required: true },
      error: { type: String, default: null },
      lease_lost: { type: Boolean, default: false },
      recorded_at: { type: Date, required: true },
    },
    { versionKey: false, collection: JOB_RUNS_COLLECTION },
  );
  schema.index({ job_id: 1, lease_token: 1 });
  schema.index({ service: 1, name: 1, started_at: 1 });
  schema.index({ recorded_at: 1 }, { expireAfterSeconds: Math.round(JOB_RUNS_KEPT_MS / 1000) });
  return connection.model<JobRunDoc>('KitJobRun', schema);
}

export interface CreateJobsOptions {
  db: Connection;
  clock: Clock;
  logger: Logger;
  /** Namespaces this runner's jobs: two services may both have a job called `retention-sweep`. */
  service: string;
  /** Names this process in leases and run records (default host:pid:random). */
  instanceId?: string;
}

export interface Jobs {
  readonly service: string;
  readonly instanceId: string;
  readonly models: { job: Model<JobDoc>; run: Model<JobRunDoc> };
  /** Registers the handler for `name`. Only names defined on this instance are claimed by it. */
  define<P = unknown>(name: string, handler: JobHandler<P>, options?: JobOptions): void;
  /**
   * Runs `name` every `intervalMs`: one schedule document per name, shared by all instances. The
   * first run is due when the schedule is first created; each next run is due on the grid
   * `first + k × interval` (no drift). After downtime the job runs once, then resumes on the grid.
   * A recurring run that fails after its retries is recorded and the job moves to its next slot.
   * Calling it again with a shorter interval brings a far-off next run to at most one interval away.
   */
  every(name: string, intervalMs: number): Promise<void>;
  /**
   * `define` + `every` for a service's background work: the handler runs every `intervalMs`
   * across all instances. A schedule that cannot be written now (store down at start-up) is
   * logged here and written at the next poll, so callers need not handle the promise.
   */
  recurring<P = unknown>(name: string, intervalMs: number, handler: JobHandler<P>, options?: JobOptions): void;
  /**
   * A one-off job due at `runAt`. With a `key`, scheduling the same name + key again (on any
   * instance, even after it ran) makes no second job: `created` is false.
   */
  schedule<P = unknown>(name: string, runAt: Date, payload?: P, options?: { key?: string }): Promise<{ id: string; created: boolean }>;
  /** Polls now and every `pollMs` (default 5 s; the timer never keeps the process alive). */
  start(options?: { pollMs?: number }): void;
  /** Stops polling and waits for running handlers (and pending registrations) to finish. */
  stop(): Promise<void>;
  /** Claims and runs every due job this instance defines, now (tests; safe alongside polling). */
  runDueNow(): Promise<JobRunOutcome[]>;
  /** The names defined on this runner (`define` or `recurring`), in the order they were defined. */
  names(): string[];
}

interface Definition {
  name: string;
  handler: JobHandler;
  options: Required<JobOptions>;
}

function errorSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** The first slot on the grid `slot + k × interval` (k ≥ 1) that is after `now`. */
export function nextSlot(slot: Date, intervalMs: number, now: Date): Date {
  const from = slot.getTime();
  const behind = now.getTime() - from;
  const steps = behind < intervalMs ? 1 : Math.floor(behind / intervalMs) + 1;
  return new Date(from + steps * intervalMs);
}

export function createJobs(options: CreateJobsOptions): Jobs {
  const { db, clock, logger, service } = options;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const Job = jobModel(db);
  const Run = jobRunModel(db);
  const definitions = new Map<string, Definition>();
  const active = new Set<Promise<unknown>>();
  const registrations = new Set<Promise<unknown>>();
  /** Recurring jobs whose schedule could not be written yet (name → interval). */
  const unscheduled = new Map<string, number>();
  let indexes: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;
  let stopping = false;

  const ready = () => (indexes ??= Promise.all([Job.init(), Run.init()]));

  function track<T>(promise: Promise<T>, into: Set<Promise<unknown>>): Promise<T> {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    into.add(settled);
    void settled.then(() => into.delete(settled));
    return promise;
  }

  async function upsertOnce(filter: Record<string, unknown>, update: Record<string, unknown>): Promise<boolean> {
    await ready();
    for (let tries = 0; ; tries += 1) {
      try {
        const result = await Job.updateOne(filter, update, { upsert: true });
        return result.upsertedCount > 0;
      } catch (error) {
        // Two instances upserting the same key at once: one insert wins, the other is a no-op.
        if (isDuplicateKey(error) && tries < 1) continue;
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    }
  }

  /** Creates the recurring schedule for `name` if missing (an upsert: concurrent instances make one). */
  async function ensureSchedule(name: string, intervalMs: number): Promise<void> {
    const now = clock.now();
    await upsertOnce(
      { service, name, key: EVERY_KEY },
      {
        $setOnInsert: {
          kind: 'every',
          status: 'scheduled',
          run_at: now,
          slot_at: now,
          attempt: 0,
          lease_token: null,
          lease_until: FREE,
          leased_by: null,
          created_at: now,
        },
        $set: { interval_ms: intervalMs, updated_at: now },
      },
    );
    // The interval was shortened since the schedule was made: the next run is at most one (new)
    // interval away. Guarded on the lease so a running job is left to re-arm itself.
    const latest = new Date(now.getTime() + intervalMs);
    await Job.updateOne(
      { service, name, key: EVERY_KEY, run_at: { $gt: latest }, lease_until: { $lte: now } },
      { $set: { run_at: latest, slot_at: latest, attempt: 0, updated_at: now } },
    );
  }

  async function claim(def: Definition): Promise<{ job: JobDoc; token: string; now: Date } | null> {
    const now = clock.now();
    const token = randomUUID();
    const leaseUntil = new Date(now.getTime() + def.options.leaseMs);
    const before = await Job.findOneAndUpdate(
      { service, name: def.name, status: 'scheduled', run_at: { $lte: now }, lease_until: { $lte: now } },
      {
        $set: { lease_token: token, lease_until: leaseUntil, leased_by: instanceId, updated_at: now },
        $inc: { attempt: 1 },
      },
      { sort: { run_at: 1, _id: 1 }, returnDocument: 'before' },
    ).lean<JobDoc>();
    if (!before) return null;
    if (before.lease_token) {
      // The previous holder never finished (crashed, or overran its lease): say so in its run record.
      logger.warn({ job: def.name, service, previous: before.leased_by }, 'job lease expired; taking over');
      await Run.updateMany(
        { job_id: before._id, lease_token: before.lease_token, outcome: 'running' },
        { $set: { outcome: 'lease_expired', finished_at: now, error: 'lease expired before the run finished' } },
      );
    }
    return {
      job: { ...before, lease_token: token, lease_until: leaseUntil, leased_by: instanceId, attempt: before.attempt + 1 },
      token,
      now,
    };
  }

  async function runClaimed(def: Definition, job: JobDoc, token: string, startedAt: Date): Promise<JobRunOutcome> {
    const run = await Run.create({
      job_id: job._id,
      service,
      name: def.name,
      key: job.key,
      attempt: job.attempt,
      instance: instanceId,
      lease_token: token,
      started_at: startedAt,
      finished_at: null,
      outcome: 'running',
      error: null,
      lease_lost: false,
      recorded_at: new Date(),
    });

    let error: string | undefined;
    try {
      await def.handler({
        name: def.name,
        payload: job.payload,
        attempt: job.attempt,
        dueAt: job.slot_at,
        instanceId,
        async extendLease(ms = def.options.leaseMs) {
          const now = clock.now();
          const result = await Job.updateOne(
            { _id: job._id, lease_token: token },
            { $set: { lease_until: new Date(now.getTime() + ms), updated_at: now } },
          );
          return result.matchedCount > 0;
        },
      });
    } catch (caught) {
      error = errorSummary(caught);
    }

    const now = clock.now();
    const outcome: JobRunOutcomeKind = error === undefined ? 'ok' : 'failed';
    const release = { lease_token: null, lease_until: FREE, leased_by: null, updated_at: now, last_run_at: now };
    let set: Record<string, unknown>;
    let willRetry = false;
    if (outcome === 'failed' && job.attempt <= def.options.retries) {
      willRetry = true;
      const wait = def.options.backoffMs * 2 ** (job.attempt - 1);
      set = { ...release, run_at: new Date(now.getTime() + wait), last_outcome: outcome, last_error: error };
    } else if (job.kind === 'every') {
      const next = nextSlot(job.slot_at, job.interval_ms ?? 1, now);
      set = { ...release, run_at: next, slot_at: next, attempt: 0, last_outcome: outcome, last_error: error ?? null };
    } else {
      set = {
        ...release,
        status: outcome === 'ok' ? 'done' : 'failed',
        last_outcome: outcome,
        last_error: error ?? null,
        purge_at: new Date(Date.now() + FINISHED_JOBS_KEPT_MS),
      };
    }
    const saved = await Job.updateOne({ _id: job._id, lease_token: token }, { $set: set });
    const leaseLost = saved.matchedCount === 0;
    await Run.updateOne(
      { _id: run._id },
      { $set: { finished_at: now, outcome, error: error ?? null, lease_lost: leaseLost } },
    );

    const log = { job: def.name, service, attempt: job.attempt, err: error };
    if (leaseLost) logger.warn(log, 'job finished after its lease passed to another instance; result not saved');
    else if (outcome === 'failed' && willRetry) logger.warn(log, 'job failed; will retry');
    else if (outcome === 'failed') logger.error(log, 'job failed; no retries left');
    return {
      name: def.name,
      jobId: String(job._id),
      attempt: job.attempt,
      outcome,
      ...(error === undefined ? {} : { error }),
      willRetry: willRetry && !leaseLost,
      leaseLost,
    };
  }

  async function runDue(): Promise<JobRunOutcome[]> {
    await Promise.all([...registrations]);
    await ready();
    for (const [name, intervalMs] of [...unscheduled]) {
      await ensureSchedule(name, intervalMs);
      unscheduled.delete(name);
    }
    const outcomes: JobRunOutcome[] = [];
    while (!stopping && outcomes.length < MAX_RUNS_PER_POLL) {
      let ran = false;
      for (const def of [...definitions.values()]) {
        if (stopping || outcomes.length >= MAX_RUNS_PER_POLL) break;
        const claimed = await claim(def);
        if (!claimed) continue;
        ran = true;
        outcomes.push(await runClaimed(def, claimed.job, claimed.token, claimed.now));
      }
      if (!ran) break;
    }
    return outcomes;
  }

  function tick(): void {
    if (polling || stopping) return;
    polling = true;
    void track(runDue(), active)
      .catch((error: unknown) => logger.warn({ err: errorSummary(error), service }, 'job poll failed'))
      .finally(() => {
        polling = false;
      });
  }

  const jobs: Jobs = {
    service,
    instanceId,
    models: { job: Job, run: Run },
    define(name, handler, jobOptions = {}) {
      if (definitions.has(name)) throw new Error(`job ${service}/${name} is already defined`);
      const merged = { ...DEFAULT_JOB_OPTIONS, ...jobOptions };
      if (!(merged.leaseMs > 0) || !(merged.backoffMs >= 0) || !(merged.retries >= 0)) {
        throw new Error(`job ${service}/${name}: leaseMs must be > 0, backoffMs and retries >= 0`);
      }
      definitions.set(name, { name, handler: handler as JobHandler, options: merged });
    },
    every(name, intervalMs) {
      if (!(intervalMs > 0)) return Promise.reject(new Error(`job ${service}/${name}: intervalMs must be > 0`));
      unscheduled.delete(name);
      const registration = ensureSchedule(name, intervalMs).catch((error: unknown) => {
        // Tried again at the next poll, so a store that is down at start-up only delays the job.
        unscheduled.set(name, intervalMs);
        throw error;
      });
      return track(registration, registrations);
    },
    recurring(name, intervalMs, handler, jobOptions) {
      jobs.define(name, handler, jobOptions);
      jobs.every(name, intervalMs).catch((error: unknown) =>
        logger.error({ err: errorSummary(error), service, job: name }, 'job not scheduled yet: tried again at the next poll'),
      );
    },
    async schedule(name, runAt, payload, scheduleOptions = {}) {
      const now = clock.now();
      const key = `once:${scheduleOptions.key ?? randomUUID()}`;
      const created = await track(
        upsertOnce(
          { service, name, key },
          {
            $setOnInsert: {
              kind: 'once',
              status: 'scheduled',
              run_at: runAt,
              slot_at: runAt,
              ...(payload === undefined ? {} : { payload }),
              attempt: 0,
              lease_token: null,
              lease_until: FREE,
              leased_by: null,
              created_at: now,
              updated_at: now,
            },
          },
        ),
        registrations,
      );
      const doc = await Job.findOne({ service, name, key }, { _id: 1 }).lean<{ _id: Types.ObjectId }>();
      if (!doc) throw new Error(`job ${service}/${name} was scheduled but cannot be found`);
      return { id: String(doc._id), created };
    },
    start(startOptions = {}) {
      if (timer) return;
      stopping = false;
      const pollMs = startOptions.pollMs ?? DEFAULT_JOB_POLL_MS;
      tick();
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all([...active, ...registrations]);
    },
    async runDueNow() {
      if (stopping) return [];
      return track(runDue(), active);
    },
    names: () => [...definitions.keys()],
  };
  return jobs;
}
