import { Router } from 'express';
import type { Store } from 'express-rate-limit';
import { LOYALTY_ERROR_MESSAGES, loyaltyEndpoints as member, loyaltyStaffEndpoints as staff } from '@croft/contracts';
import { HttpError, authClaims, mountEndpoint, rateLimit, readAuditPage, requireAuthWith, type AuditLog, type TokenVerifier } from '@croft/service-kit';
import type { AddRefusal, Loyalty, Member } from '../domain/loyalty';
import { photoUpload } from './photo-upload';

const STAFF_ROLES = ['staff', 'admin'] as const;
/** Uploads per member per minute (a burst guard; the daily cap is the real limit). */
export const DEFAULT_UPLOADS_PER_MINUTE = 20;

const STATUS: Record<AddRefusal | 'entry_not_found' | 'member_not_found', number> = {
  not_subscriber: 403,
  membership_unavailable: 503,
  invalid_box: 400,
  reward_box: 409,
  not_unlocked: 409,
  lucky7_rewards_only: 409,
  photo_missing: 400,
  photo_type: 415,
  photo_too_large: 413,
  photo_unreadable: 422,
  card_not_found: 404,
  box_taken: 409,
  duplicate_photo: 409,
  daily_limit: 429,
  storage_unavailable: 503,
  entry_not_found: 404,
  member_not_found: 404,
};

const MESSAGES: Record<keyof typeof STATUS, string> = {
  ...LOYALTY_ERROR_MESSAGES,
  membership_unavailable: 'Membership cannot be checked just now. Try again in a minute.',
  storage_unavailable: 'Photos cannot be saved just now. Try again in a minute.',
  member_not_found: 'No loyalty card for that email.',
};

function refused(reason: keyof typeof STATUS, dailyCap: number): HttpError {
  const message =
    reason === 'daily_limit' ? `You can add up to ${dailyCap} photos a day. Come back tomorrow for more coffee.` : MESSAGES[reason];
  return new HttpError(STATUS[reason], reason, message);
}

const noStore: import('express').RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

function memberOf(res: import('express').Response): Member {
  const claims = authClaims(res);
  if (!claims.email) throw new HttpError(403, 'forbidden', 'Sign in with your email to use your loyalty card.');
  return { id: claims.sub, email: claims.email.toLowerCase() };
}

/** The loyalty endpoints: members' card, and staff lookup and void. */
export function loyaltyRoutes(options: {
  loyalty: Loyalty;
  /** The service's audit log, read by admins at GET /audit. */
  audit?: Pick<AuditLog, 'list'>;
  verifyAccessToken?: TokenVerifier;
  dailyCap: number;
  uploadsPerMinute?: number;
  limitStore?: Store;
}): Router {
  const router = Router();
  const { loyalty, dailyCap } = options;
  const verify = options.verifyAccessToken;
  const unconfigured: import('express').RequestHandler = () => {
    throw new HttpError(503, 'not_configured', 'Sign-in is not configured for the loyalty service.');
  };
  const members = verify ? requireAuthWith(verify) : unconfigured;
  const staffOnly = verify ? requireAuthWith(verify, { roles: STAFF_ROLES }) : unconfigured;
  const adminsOnly = verify ? requireAuthWith(verify, { roles: ['admin'] }) : unconfigured;
  const uploads = rateLimit({
    windowMs: 60_000,
    limit: options.uploadsPerMinute ?? DEFAULT_UPLOADS_PER_MINUTE,
    keyPrefix: 'loyalty-uploads',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStore,
  });

  mountEndpoint(router, member.getCard, async ({ res }) => loyalty.view(memberOf(res)), { before: [noStore, members] });

  mountEndpoint(
    router,
    member.startCard,
    async ({ res }) => {
      const result = await loyalty.start(memberOf(res));
      if (typeof result === 'string') throw refused(result, dailyCap);
      return result;
    },
    { before: [noStore, members] },
  );

  mountEndpoint(
    router,
    member.addEntry,
    async ({ params, body, req, res }) => {
      const result = await loyalty.addEntry(memberOf(res), params.card_id, Number(body.index), body.kind, req.file?.buffer);
      if (typeof result === 'string') throw refused(result, dailyCap);
      return result;
    },
    { before: [noStore, members, uploads, photoUpload()] },
  );

  mountEndpoint(
    router,
    member.deleteEntry,
    async ({ params, res }) => {
      const result = await loyalty.deleteEntry(memberOf(res), params.id);
      if (typeof result === 'string') throw refused(result, dailyCap);
      return result;
    },
    { before: [noStore, members] },
  );

  mountEndpoint(
    router,
    staff.lookup,
    async ({ query }) => {
      const result = await loyalty.staffLookup(query.email);
      if (typeof result === 'string') throw refused(result, dailyCap);
      return result;
    },
    { before: [noStore, staffOnly] },
  );

  mountEndpoint(
    router,
    staff.voidEntry,
    async ({ params, body, res }) => {
      const claims = authClaims(res);
      const result = await loyalty.staffVoid(claims.email ? { id: claims.sub, email: claims.email } : { id: claims.sub }, params.id, body.reason);
      if (result === 'entry_not_found') throw refused(result, dailyCap);
      return { voided: true as const };
    },
    { before: [noStore, staffOnly] },
  );

  const audit = options.audit;
  if (audit) mountEndpoint(router, staff.listAudit, async ({ query }) => readAuditPage(audit, query), { before: [noStore, adminsOnly] });

  return router;
}
