import { canonicalEmail, CONSENT_TEXT_VERSION, NEWSLETTER_INTERESTS, type SubscribeRequestParsed, type SubscribeResponse } from '@croft/contracts';
import type { Clock, Logger, Mailer } from '@croft/service-kit';
import type { SubscriberModel } from '../data/subscriber-model';
import { countActiveByInterest, isActiveEmail, unsubscribeByTokenHash, upsertSubscriber } from '../data/subscriber-store';
import { hashToken, isWellFormedToken, newUnsubscribeToken } from './tokens';
import { buildWelcomeEmail } from './welcome-email';

/** Longest user agent kept as consent evidence. */
export const USER_AGENT_MAX = 512;
/** Longest IP text kept (an IPv6 address with zone fits easily). */
const IP_MAX = 64;

export interface ConsentEvidence {
  ip: string | undefined;
  userAgent: string | undefined;
}

export interface Subscriptions {
  subscribe(input: SubscribeRequestParsed, evidence: ConsentEvidence): Promise<SubscribeResponse>;
  /** 'unknown' for any token no subscriber holds (including malformed ones). */
  unsubscribe(rawToken: string): Promise<'unsubscribed' | 'unknown'>;
  isActiveSubscriber(email: string): Promise<boolean>;
  /**
   * Live members per interest: active subscribers (as isActiveSubscriber) who ticked it, every
   * interest of NEWSLETTER_INTERESTS in that order, 0 included. A member counts in each interest
   * they ticked; members who ticked none are in no row.
   */
  membersByInterest(): Promise<{ interest: string; members: number }[]>;
}

export interface SubscriptionsOptions {
  model: SubscriberModel;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  publicOrigin: string;
  unsubscribeMailto: string;
}

/**
 * The canonical address (contracts' canonicalEmail: trimmed, lower-case), the form stored and
 * used as the rate-limit key. Callers pass addresses the request schema already accepted; anything
 * else is only trimmed and lower-cased.
 */
export function normalizeEmail(email: string): string {
  return canonicalEmail(email) ?? email.trim().toLowerCase();
}

export function createSubscriptions(options: SubscriptionsOptions): Subscriptions {
  const { model, mailer, clock, logger } = options;
  const publicOrigin = options.publicOrigin.replace(/\/$/, '');

  return {
    async subscribe(input, evidence) {
      const now = clock.now();
      const email = normalizeEmail(input.email);
      const token = newUnsubscribeToken();
      const status = await upsertSubscriber(model, {
        email,
        name: input.name,
        phone: input.phone,
        birthday: input.birthday,
        interests: input.interests,
        consent: {
          given_at: now,
          text_version: CONSENT_TEXT_VERSION,
          ip: (evidence.ip ?? 'unknown').slice(0, IP_MAX),
          user_agent: (evidence.userAgent ?? '').slice(0, USER_AGENT_MAX) || 'unknown',
        },
        unsubscribeTokenHash: token.hash,
        now,
      });

      let welcome: SubscribeResponse['welcome_email'] = 'sent';
      try {
        const message = buildWelcomeEmail({
          to: email,
          name: input.name,
          token: token.raw,
          publicOrigin,
          unsubscribeMailto: options.unsubscribeMailto,
        });
        // The mailer's own deadline (MAIL_TIMEOUTS in the service kit) bounds the wait.
        await mailer.send(message);
      } catch (error) {
        welcome = 'failed';
        // No address or token in the log: the subscription itself is stored.
        logger.warn({ err: error instanceof Error ? error.message : String(error), status }, 'welcome email failed');
      }
      return { status, welcome_email: welcome };
    },

    async unsubscribe(rawToken) {
      if (!isWellFormedToken(rawToken)) return 'unknown';
      const found = await unsubscribeByTokenHash(model, hashToken(rawToken), clock.now());
      return found ? 'unsubscribed' : 'unknown';
    },

    async isActiveSubscriber(email) {
      if (typeof email !== 'string') return false;
      const normalized = canonicalEmail(email);
      if (!normalized) return false;
      return isActiveEmail(model, normalized);
    },

    async membersByInterest() {
      const counts = await countActiveByInterest(model);
      return NEWSLETTER_INTERESTS.map((interest) => ({ interest, members: counts.get(interest) ?? 0 }));
    },
  };
}
