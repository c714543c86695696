import { Router, type RequestHandler, type Response } from 'express';
import type { Store } from 'express-rate-limit';
import { CINEMA_ERROR_MESSAGES, cinemaEndpoints as cinema, type EndpointDefinition } from '@croft/contracts';
import { HttpError, authClaims, mountEndpoint, rateLimit, readAuditPage, requireAuthWith, type AuditLog, type TokenVerifier } from '@croft/service-kit';
import type { Cinema, CinemaRefusal, Member } from '../domain/cinema';
import type { CinemaStaff, StaffRefusal } from '../domain/staff';

/** Booking attempts per member per minute (a guard against scripts; a person books once). */
export const DEFAULT_BOOKINGS_PER_MINUTE = 10;
/** Ticket emails a member may ask to be sent again per hour. */
export const DEFAULT_RESENDS_PER_HOUR = 5;

const STAFF_ROLES = ['staff', 'admin'] as const;

const MESSAGES: Record<CinemaRefusal | StaffRefusal, string> = {
  ...CINEMA_ERROR_MESSAGES,
  membership_unavailable: 'Membership cannot be checked just now. Try again in a minute.',
};

/** A refusal as the endpoint declares it: its status from the contract, its words from CINEMA_ERROR_MESSAGES. */
function refused(endpoint: EndpointDefinition, reason: CinemaRefusal | StaffRefusal): HttpError {
  const status = (endpoint.errors as Record<string, number> | undefined)?.[reason];
  if (!status) throw new Error(`${endpoint.method} ${endpoint.path} does not declare '${reason}'`);
  return new HttpError(status, reason, MESSAGES[reason]);
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

function memberOf(res: Response): Member {
  const claims = authClaims(res);
  if (!claims.email) throw new HttpError(403, 'forbidden', 'Sign in with your email to book cinema tickets.');
  return { id: claims.sub, email: claims.email.toLowerCase() };
}

/** The cinema endpoints: the public status, and the signed-in member's booking. */
export function cinemaRoutes(options: {
  cinema: Cinema;
  staff: CinemaStaff;
  /** The service's audit log, read by admins at GET /audit (merged into /admin/audit). */
  audit?: Pick<AuditLog, 'list'>;
  verifyAccessToken?: TokenVerifier;
  bookingsPerMinute?: number;
  /** A store for each rate limiter (express-rate-limit wants one per limiter); memory by default. */
  limitStore?: (prefix: string) => Store;
}): Router {
  const router = Router();
  const { cinema: service } = options;
  const verify = options.verifyAccessToken;
  const unconfigured: RequestHandler = () => {
    throw new HttpError(503, 'not_configured', 'Sign-in is not configured for the cinema service.');
  };
  const members = verify ? requireAuthWith(verify) : unconfigured;
  const staffOnly = verify ? requireAuthWith(verify, { roles: STAFF_ROLES }) : unconfigured;
  const adminsOnly = verify ? requireAuthWith(verify, { roles: ['admin'] }) : unconfigured;
  const actorOf = (res: Response) => {
    const claims = authClaims(res);
    return claims.email ? { id: claims.sub, email: claims.email } : { id: claims.sub };
  };
  /** A staff answer: the value, or the refusal as its endpoint declares it. */
  const staffAnswer = <T,>(endpoint: EndpointDefinition, result: T | StaffRefusal): T => {
    if (typeof result === 'string') throw refused(endpoint, result as StaffRefusal);
    return result;
  };
  const byMember = (prefix: string, windowMs: number, limit: number) =>
    rateLimit({ windowMs, limit, keyPrefix: prefix, keyGenerator: (req) => `user:${authClaims(req.res!).sub}`, store: options.limitStore?.(prefix) });
  const bookingLimit = byMember('cinema-bookings', 60_000, options.bookingsPerMinute ?? DEFAULT_BOOKINGS_PER_MINUTE);
  const resendLimit = byMember('cinema-resends', 3_600_000, DEFAULT_RESENDS_PER_HOUR);

  // Public: the count changes with every sale, so it is never cached.
  mountEndpoint(router, cinema.getStatus, async ({ res }) => {
    res.set('Cache-Control', 'no-store');
    return service.status();
  });

  mountEndpoint(router, cinema.getMemberView, async ({ res }) => service.memberView(memberOf(res)), { before: [noStore, members] });

  mountEndpoint(
    router,
    cinema.createBooking,
    async ({ body, res }) => {
      const result = await service.book(memberOf(res), body);
      if (typeof result === 'string') throw refused(cinema.createBooking, result);
      return result;
    },
    { before: [noStore, members, bookingLimit] },
  );

  mountEndpoint(
    router,
    cinema.resendTickets,
    async ({ res }) => {
      const result = await service.resend(memberOf(res));
      if (typeof result === 'string') throw refused(cinema.resendTickets, result);
      return result;
    },
    { before: [noStore, members, resendLimit] },
  );

  mountEndpoint(
    router,
    cinema.cancelBooking,
    async ({ res }) => {
      const result = await service.cancel(memberOf(res));
      if (typeof result === 'string') throw refused(cinema.cancelBooking, result);
      return result;
    },
    { before: [noStore, members] },
  );

  mountEndpoint(
    router,
    cinema.joinWaitlist,
    async ({ body, res }) => {
      const result = await service.join(memberOf(res), body);
      if (typeof result === 'string') throw refused(cinema.joinWaitlist, result);
      return result;
    },
    { before: [noStore, members, bookingLimit] },
  );

  mountEndpoint(
    router,
    cinema.leaveWaitlist,
    async ({ res }) => {
      const result = await service.leave(memberOf(res));
      if (typeof result === 'string') throw refused(cinema.leaveWaitlist, result);
      return result;
    },
    { before: [noStore, members] },
  );

  // ── staff (the cinema team's admin panel) ──
  const { staff } = options;
  mountEndpoint(router, cinema.listScreenings, async () => staff.list(), { before: [noStore, staffOnly] });
  mountEndpoint(
    router,
    cinema.updateScreening,
    async ({ params, body, res }) => staffAnswer(cinema.updateScreening, await staff.update(actorOf(res), params.id, body)),
    { before: [noStore, staffOnly] },
  );
  mountEndpoint(
    router,
    cinema.cancelScreening,
    async ({ params, body, res }) => staffAnswer(cinema.cancelScreening, await staff.cancel(actorOf(res), params.id, body.version, body.reason)),
    { before: [noStore, staffOnly] },
  );
  mountEndpoint(router, cinema.doorList, async ({ params }) => staffAnswer(cinema.doorList, await staff.doorList(params.id)), { before: [noStore, staffOnly] });
  mountEndpoint(
    router,
    cinema.checkIn,
    async ({ params, body, res }) => staffAnswer(cinema.checkIn, await staff.checkIn(actorOf(res), params.id, body)),
    { before: [noStore, staffOnly] },
  );
  const audit = options.audit;
  if (audit) mountEndpoint(router, cinema.listAudit, async ({ query }) => readAuditPage(audit, query), { before: [noStore, adminsOnly] });

  return router;
}
