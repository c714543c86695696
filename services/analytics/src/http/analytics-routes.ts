import express, { Router, type RequestHandler } from 'express';
import type { Store } from 'express-rate-limit';
import { isbot } from 'isbot';
import { ANALYTICS_BODY_MAX_BYTES, ANALYTICS_ERROR_MESSAGES, ANALYTICS_RANGE_MAX_DAYS, analyticsEndpoints as analytics, type AnalyticsRangeQuery } from '@croft/contracts';
import { HttpError, bearerToken, mountEndpoint, rateLimit, requireAuthWith, type Logger, type TokenVerifier } from '@croft/service-kit';
import { daysBetween, isCalendarDay } from '../domain/days';
import type { Dashboards } from '../domain/dashboard';
import type { Ingest } from '../domain/ingest';
import type { Tables } from '../domain/tables';

const STAFF_ROLES = ['staff', 'admin'] as const;
/** Collection per address: a busy visitor sends a batch every few seconds; a flood is cut off. */
export const INGEST_LIMIT_PER_MINUTE = 600;

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

/** 413 for a declared body larger than the limit, before anything reads it. */
const bodyLimit: RequestHandler = (req, _res, next) => {
  const declared = Number(req.get('content-length') ?? NaN);
  const parsed = req.body !== undefined && !Number.isFinite(declared) ? Buffer.byteLength(JSON.stringify(req.body)) : 0;
  if (declared > ANALYTICS_BODY_MAX_BYTES || parsed > ANALYTICS_BODY_MAX_BYTES) {
    throw new HttpError(413, 'payload_too_large', `The request body is too large (at most ${ANALYTICS_BODY_MAX_BYTES / 1024} kB).`);
  }
  next();
};

/** sendBeacon with a string sends text/plain: read it as JSON (the API's parser only reads application/json). */
const beaconText = express.text({ type: 'text/plain', limit: ANALYTICS_BODY_MAX_BYTES });
const beaconJson: RequestHandler = (req, _res, next) => {
  if (typeof req.body === 'string') {
    try {
      req.body = JSON.parse(req.body) as unknown;
    } catch {
      throw new HttpError(400, 'invalid_request', 'Invalid request: the body is not JSON.');
    }
  }
  next();
};

/** Why a request is not recorded: a bot, no user agent, or the visitor asked not to be tracked. */
export function dropReason(req: { get(name: string): string | undefined }): 'no_user_agent' | 'bot' | 'gpc' | 'dnt' | null {
  const ua = req.get('user-agent');
  if (!ua || !ua.trim()) return 'no_user_agent';
  if (isbot(ua)) return 'bot';
  if (req.get('sec-gpc')?.trim() === '1') return 'gpc';
  if (req.get('dnt')?.trim() === '1') return 'dnt';
  return null;
}

export function analyticsRoutes(options: {
  ingest: Ingest;
  dashboards: Dashboards;
  tables: Tables;
  visitorOf: (ip: string, userAgent: string) => Promise<string>;
  logger: Logger;
  verifyAccessToken?: TokenVerifier;
  /** A store for each rate limiter; memory by default. */
  limitStore?: (prefix: string) => Store;
}): Router {
  const router = Router();
  const verify = options.verifyAccessToken;
  /**
   * `shared`: counted in MongoDB across instances (staff reads). Collection is counted in this
   * process's memory (a one-minute window, per instance): it only guards against a flood, and a
   * store round trip on every batch would halve ingest throughput.
   */
  const limit = (prefix: string, max: number, shared = true) =>
    rateLimit({ windowMs: 60_000, limit: max, keyPrefix: prefix, store: shared ? options.limitStore?.(prefix) : undefined });

  const dropEvents: RequestHandler = (req, res, next) => (dropReason(req) ? void res.status(202).json({ accepted: 0, dropped: true }) : next());
  /** The signed-in member, if a valid token came along; anything else is simply anonymous. */
  const userOf = async (req: Parameters<RequestHandler>[0]): Promise<string | null> => {
    if (!verify) return null;
    try {
      const token = bearerToken(req);
      return token ? (await verify(token)).sub : null;
    } catch {
      return null;
    }
  };

  mountEndpoint(
    router,
    analytics.events,
    async ({ body, req }) => {
      const userAgent = req.get('user-agent')!;
      const [userId, visitor] = await Promise.all([userOf(req), options.visitorOf(req.ip ?? 'unknown', userAgent)]);
      const accepted = await options.ingest.batch(body, { userAgent, visitor, userId });
      return { accepted, dropped: false };
    },
    { before: [noStore, bodyLimit, beaconText, beaconJson, limit('analytics-events', INGEST_LIMIT_PER_MINUTE, false), dropEvents] },
  );

  mountEndpoint(
    router,
    analytics.pageEnd,
    async ({ body, res }) => {
      await options.ingest.pageEnd(body);
      res.status(204).end();
      return undefined;
    },
    {
      before: [
        noStore,
        bodyLimit,
        beaconText,
        beaconJson,
        limit('analytics-page-end', INGEST_LIMIT_PER_MINUTE, false),
        (req, res, next) => (dropReason(req) ? void res.status(204).end() : next()),
      ],
    },
  );

  const unconfigured: RequestHandler = () => {
    throw new HttpError(503, 'not_configured', 'Sign-in is not configured for the analytics service.');
  };
  const staffOnly = verify ? requireAuthWith(verify, { roles: STAFF_ROLES }) : unconfigured;
  const checkRange = (range: AnalyticsRangeQuery) => {
    if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) throw new HttpError(400, 'invalid_request', 'Invalid request: from and to must be real days.');
    const span = daysBetween(range.from, range.to);
    if (span < 0 || span + 1 > ANALYTICS_RANGE_MAX_DAYS) throw new HttpError(400, 'range_invalid', ANALYTICS_ERROR_MESSAGES.range_invalid);
  };
  const staffReads = limit('analytics-staff', 120);

  mountEndpoint(
    router,
    analytics.overview,
    async ({ query }) => {
      checkRange(query);
      return options.dashboards.overview(query);
    },
    { before: [noStore, staffOnly, staffReads] },
  );
  mountEndpoint(
    router,
    analytics.members,
    async ({ query }) => {
      checkRange(query);
      return options.dashboards.members(query);
    },
    { before: [noStore, staffOnly, staffReads] },
  );
  mountEndpoint(
    router,
    analytics.table,
    async ({ params, query, res }) => {
      checkRange(query);
      if (query.format !== 'csv') return options.tables.page(params.table, query);
      res.status(200);
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="${params.table}_${query.from}_${query.to}.csv"`);
      for await (const chunk of options.tables.csv(params.table, query)) {
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
      return undefined;
    },
    { before: [noStore, staffOnly, staffReads] },
  );

  return router;
}
