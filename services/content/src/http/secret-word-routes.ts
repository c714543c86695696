import { Router, type RequestHandler } from 'express';
import { contentEndpoints as content, type SecretWordListResponse } from '@croft/contracts';
import type { Store } from 'express-rate-limit';
import { HttpError, authClaims, mountEndpoint, rateLimit, requireAuthWith, type TokenVerifier } from '@croft/service-kit';
import type { ReadCache } from '../domain/read-cache';
import type { SecretWordBook } from '../domain/secret-words';
import { cachedJsonSender } from './cached-json';

/** The word is a members' secret: no shared caches, browsers revalidate each time. */
export const SECRET_WORDS_CACHE_CONTROL = 'private, no-cache';

export const DEFAULT_SECRET_WORD_WRITES_PER_MINUTE = 30;

const STAFF_ROLES = ['staff', 'admin'] as const;

function notConfigured(): RequestHandler {
  return () => {
    throw new HttpError(503, 'not_configured', 'Staff sign-in is not configured for the content service.');
  };
}

export function secretWordRoutes(options: {
  book: SecretWordBook;
  list: ReadCache<'active', SecretWordListResponse>;
  verifyAccessToken?: TokenVerifier;
  /** Staff writes per signed-in user per minute (default 30), counted after the token check. */
  writesPerMinute?: number;
  /** Where the write limit counts (MongoDB, shared by every instance); this process's memory without it. */
  limitStore?: Store;
}): Router {
  const router = Router();
  const send = cachedJsonSender(content.listSecretWords, SECRET_WORDS_CACHE_CONTROL);
  const staff = options.verifyAccessToken
    ? requireAuthWith(options.verifyAccessToken, { roles: STAFF_ROLES })
    : notConfigured();
  // After `staff`, keyed by the user: anonymous or forged requests are refused by the token check
  // and never spend a staff member's writes.
  const writes = rateLimit({
    windowMs: 60_000,
    limit: options.writesPerMinute ?? DEFAULT_SECRET_WORD_WRITES_PER_MINUTE,
    keyPrefix: 'content-secret-words',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStore,
  });

  // The active words, oldest first.
  mountEndpoint(router, content.listSecretWords, async ({ req, res }) => {
    send(req, res, await options.list.get('active'));
    return undefined;
  });

  // Adds a word (staff, admin) → 201 SecretWordRow.
  mountEndpoint(
    router,
    content.createSecretWord,
    async ({ body }) => {
      const result = await options.book.add(body.word);
      if (!result.ok) throw new HttpError(409, 'secret_word_exists', 'That word is already on the list.');
      return result.row;
    },
    { before: [staff, writes] },
  );

  // Retires a word or brings it back (staff, admin) → SecretWordRow.
  mountEndpoint(
    router,
    content.updateSecretWord,
    async ({ params, body }) => {
      const result = await options.book.setActive(params.id, body.is_active);
      if (!result.ok) throw new HttpError(404, 'secret_word_not_found', 'There is no secret word with that id.');
      return result.row;
    },
    { before: [staff, writes] },
  );

  return router;
}
