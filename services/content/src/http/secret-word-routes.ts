import { Router } from 'express';
import {
  SECRET_WORD_MANAGER_ROLES,
  SECRET_WORD_ORDER_MISMATCH_MESSAGE,
  contentSecretWordEndpoints as words,
  type SecretWordListResponse,
} from '@croft/contracts';
import type { Store } from 'express-rate-limit';
import { HttpError, authClaims, mountEndpoint, rateLimit, requireAuthWith, type TokenVerifier } from '@croft/service-kit';
import { actorOf, cacheControl, notConfigured } from './staff-handlers';
import type { ReadCache } from '../domain/read-cache';
import type { SecretWordBook } from '../domain/secret-words';
import { cachedJsonSender } from './cached-json';

/** The word is a members' secret: no shared caches, browsers revalidate each time. */
export const SECRET_WORDS_CACHE_CONTROL = 'private, no-cache';
/** The staff list (ids, retired words) is never stored by any cache. */
export const SECRET_WORDS_STAFF_CACHE_CONTROL = 'private, no-store';

export const DEFAULT_SECRET_WORD_WRITES_PER_MINUTE = 30;


const noStore = cacheControl(SECRET_WORDS_STAFF_CACHE_CONTROL);


/**
 * The secret words: the members' list (active words in the staff's order), and for editors, staff
 * and admins (SECRET_WORD_MANAGER_ROLES; editors joined staff and admins with issue 11's
 * /cms/secret-words) the full list, add, retire or bring back, and reorder.
 */
export function secretWordRoutes(options: {
  book: SecretWordBook;
  list: ReadCache<'active', SecretWordListResponse>;
  verifyAccessToken?: TokenVerifier;
  /** Writes per signed-in user per minute (default 30), counted after the token check. */
  writesPerMinute?: number;
  /** Where the write limit counts (MongoDB, shared by every instance); this process's memory without it. */
  limitStore?: Store;
}): Router {
  const router = Router();
  const send = cachedJsonSender(words.listSecretWords, SECRET_WORDS_CACHE_CONTROL);
  const managers = options.verifyAccessToken
    ? requireAuthWith(options.verifyAccessToken, { roles: SECRET_WORD_MANAGER_ROLES })
    : notConfigured();
  // After `managers`, keyed by the user: anonymous or forged requests are refused by the token
  // check and never spend a staff member's writes.
  const writes = rateLimit({
    windowMs: 60_000,
    limit: options.writesPerMinute ?? DEFAULT_SECRET_WORD_WRITES_PER_MINUTE,
    keyPrefix: 'content-secret-words',
    keyGenerator: (req) => `user:${authClaims(req.res!).sub}`,
    store: options.limitStore,
  });
  const write = { before: [noStore, managers, writes] };

  // The active words in order (the members' beer reveal).
  mountEndpoint(router, words.listSecretWords, async ({ req, res }) => {
    send(req, res, await options.list.get('active'));
    return undefined;
  });

  // Every word with its id: active in order, then retired (never cached).
  mountEndpoint(router, words.listAllSecretWords, async () => ({ items: await options.book.list() }), { before: [noStore, managers] });

  // Adds a word at the end → 201 SecretWordRow.
  mountEndpoint(
    router,
    words.createSecretWord,
    async ({ body, res }) => {
      const result = await options.book.add(body.word, actorOf(res));
      if (!result.ok) throw new HttpError(409, 'secret_word_exists', 'That word is already on the list.');
      return result.row;
    },
    write,
  );

  // Retires a word or brings it back at the end → SecretWordRow.
  mountEndpoint(
    router,
    words.updateSecretWord,
    async ({ params, body, res }) => {
      const result = await options.book.setActive(params.id, body.is_active, actorOf(res));
      if (!result.ok) throw new HttpError(404, 'secret_word_not_found', 'There is no secret word with that id.');
      return result.row;
    },
    write,
  );

  // Puts the active words in a new order (all of them, each once) → the full list.
  mountEndpoint(
    router,
    words.reorderSecretWords,
    async ({ body, res }) => {
      const result = await options.book.reorder(body.ids, actorOf(res));
      if (!result.ok) throw new HttpError(409, 'secret_word_order_mismatch', SECRET_WORD_ORDER_MISMATCH_MESSAGE);
      return { items: result.items };
    },
    write,
  );

  return router;
}
