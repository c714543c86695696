import { CONSENT_TEXT_VERSION } from '@croft/contracts';

/** Where privacy questions and requests go. */
export const PRIVACY_EMAIL = 'privacy@croftcommon.co.uk';

/** When the notice last changed (shown on the page; change it with the text). */
export const PRIVACY_NOTICE_UPDATED = '24 November 2026';

/** The consent sentence version the newsletter form records (from the contracts). */
export const PRIVACY_CONSENT_VERSION = CONSENT_TEXT_VERSION;

export interface RetentionRule {
  /** What is kept. */
  what: string;
  /** For how long. */
  kept: string;
}

/**
 * How long each kind of record is kept: the table on /privacy. Each period is enforced in code:
 * newsletter: services/newsletter/src/domain/retention.ts (hourly sweep); venue bookings and
 * Common Good messages: services/venue/src/domain/retention.ts (hourly sweep on `expires_at`);
 * codes, sessions and rate-limit counters: TTL indexes in services/identity and service-kit.
 * Say "nothing yet" for anything the site does not store, and update this before it does.
 */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    what: 'Newsletter subscription (email, name, phone, birthday, interests)',
    kept: 'While you are subscribed. 30 days after you unsubscribe, your name, phone, birthday and interests are deleted; your email address stays with the consent records below.',
  },
  {
    what: 'Consent and unsubscribe records (time, consent text version, IP address, user agent)',
    kept: 'The newest 20 per address while you are subscribed. After you unsubscribe they are kept, with your email address, for 2 years as proof we had your consent and respected your choice, then deleted.',
  },
  {
    what: 'One-time sign-in and membership codes',
    kept: 'They work for 10 minutes and stop working once used. The stored record is deleted an hour after the code expires.',
  },
  {
    what: 'Sessions (the refresh cookie and its record)',
    kept: 'A session works for 30 days from your last visit and never more than 90 days after you signed in; signing out ends it at once. Its record is deleted a day after those 90 days.',
  },
  {
    what: 'Your account: email, roles, passkeys, authenticator app',
    kept: 'Until you ask us to delete it. Accounts are not deleted automatically when unused.',
  },
  {
    what: 'Loyalty card photos and progress',
    kept: 'While you are a member: delete any photo from your card yourself, or ask us to delete your cards. The count of photos you added in a day is deleted after a few days.',
  },
  {
    what: 'Secret cinema bookings',
    kept: 'Until you ask us to delete them. A cancelled booking is kept as cancelled, so its ticket numbers are never given to anyone else.',
  },
  {
    what: 'Booking enquiries',
    kept: 'Our stored copy is deleted 12 months after the date you asked about. The email sent to our events team stays in its mailbox until the team deletes it.',
  },
  {
    what: 'Common Good messages',
    kept: 'Published messages: 12 months from when you sent them. Messages we do not publish (waiting for review or turned down) are deleted 30 days after you sent them.',
  },
  {
    what: 'Site analytics',
    kept: 'Nothing yet: the site does not record analytics. We will update this notice before it does.',
  },
  {
    what: 'Abuse counters (rate limits on IP addresses and email addresses)',
    kept: 'Until the counting window ends: at most 1 hour, or 24 hours for the limit on booking enquiries per email address.',
  },
];
