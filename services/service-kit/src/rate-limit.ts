import { rateLimit as expressRateLimit, ipKeyGenerator, type Store, type Options, type ClientRateLimitInfo } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { Schema, type Connection, type Model } from 'mongoose';
import { errorBody } from './errors';
import { systemClock, type Clock } from './clock';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per key per window. */
  limit: number;
  /** Namespaces the keys, e.g. 'identity:send-code'. */
  keyPrefix: string;
  /**
   * Where hits are counted. Default: express-rate-limit's in-memory store (one per limiter).
   * Give `new MongoRateLimitStore(connection)` to share counts between processes.
   * Each limiter needs its own store instance.
   */
  store?: Store;
  /** What identifies a caller; default the client IP (IPv6 grouped by /56). */
  keyGenerator?: (req: Request) => string | Promise<string>;
  message?: string;
}

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/**
 * express-rate-limit with the workspace defaults: standard RateLimit headers, Retry-After,
 * and a 429 `rate_limited` error envelope.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const keyOf = options.keyGenerator;
  const config: Partial<Options> = {
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // With TRUST_PROXY unset, X-Forwarded-For is ignored on purpose (applyTrustProxy logs it once
    // in the service's own log); this check would print to the console for every limiter.
    validate: { xForwardedForHeader: false },
    keyGenerator: async (req) =>
      `${options.keyPrefix}:${keyOf ? await keyOf(req as Request) : ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (_req, res) => {
      res.status(429).json(errorBody('rate_limited', options.message ?? RATE_LIMIT_MESSAGE));
    },
  };
  if (options.store) config.store = options.store;
  return expressRateLimit(config) as unknown as RequestHandler;
}

interface RateLimitDoc {
  _id: string;
  hits: number;
  resetAt: Date;
}

const RATE_LIMIT_COLLECTION = 'rate_limits';

/** The model behind MongoRateLimitStore; expired windows are removed by a TTL index. */
export function rateLimitModel(connection: Connection): Model<RateLimitDoc> {
  const existing = connection.models.RateLimitHit as Model<RateLimitDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<RateLimitDoc>(
    {
      _id: { type: String, required: true },
      hits: { type: Number, required: true },
      resetAt: { type: Date, required: true },
    },
    { versionKey: false, collection: RATE_LIMIT_COLLECTION },
  );
  schema.index({ resetAt: 1 }, { expireAfterSeconds: 0 });
  return connection.model<RateLimitDoc>('RateLimitHit', schema);
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An express-rate-limit Store in MongoDB: one document per key `{ _id, hits, resetAt }`.
 * Increments are atomic (`findOneAndUpdate` with a guard on `resetAt`), so several processes
 * share exact counts; a TTL index deletes finished windows.
 */
export class MongoRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly model: Model<RateLimitDoc>;
  private readonly clock: Clock;

  constructor(connection: Connection, options: { prefix?: string; clock?: Clock } = {}) {
    this.model = rateLimitModel(connection);
    this.prefix = options.prefix ?? 'rl:';
    this.clock = options.clock ?? systemClock;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const doc = await this.model.findById(this.prefix + key).lean();
    if (!doc || doc.resetAt.getTime() <= this.clock.now().getTime()) return undefined;
    return { totalHits: doc.hits, resetTime: doc.resetAt };
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const id = this.prefix + key;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const now = this.clock.now();
      const live = await this.model
        .findOneAndUpdate({ _id: id, resetAt: { $gt: now } }, { $inc: { hits: 1 } }, { returnDocument: 'after' })
        .lean();
      if (live) return { totalHits: live.hits, resetTime: live.resetAt };
      try {
        // No live window: start one. If another process starts it first, the upsert meets the
        // unique _id and we go round again to increment theirs.
        const fresh = await this.model
          .findOneAndUpdate(
            { _id: id, resetAt: { $lte: now } },
            { $set: { hits: 1, resetAt: new Date(now.getTime() + this.windowMs) } },
            { upsert: true, returnDocument: 'after' },
          )
          .lean();
        if (fresh) return { totalHits: fresh.hits, resetTime: fresh.resetAt };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    throw new Error(`MongoRateLimitStore: could not count a hit for ${id}`);
  }

  async decrement(key: string): Promise<void> {
    await this.model.updateOne(
      { _id: this.prefix + key, resetAt: { $gt: this.clock.now() }, hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.model.deleteOne({ _id: this.prefix + key });
  }

  async resetAll(): Promise<void> {
    await this.model.deleteMany({ _id: { $regex: `^${escapeRegex(this.prefix)}` } });
  }
}
