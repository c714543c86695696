import { CONSENT_TEXT_VERSION } from '@croft/contracts';

/** Where privacy questions and requests go. */
export const PRIVACY_EMAIL = 'privacy@croftcommon.co.uk';

/** When the notice last changed (shown on the page; change it with the text). */
export const PRIVACY_NOTICE_UPDATED = '22 November 2026';

/** The consent sentence version the newsletter form records (from the contracts). */
export const PRIVACY_CONSENT_VERSION = CONSENT_TEXT_VERSION;

export interface RetentionRule {
  /** What is kept. */
  what: string;
  /** For how long. */
  kept: string;
}

/** How long each kind of record is kept: the table on /privacy. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    what: 'Newsletter subscription (email, name, phone, birthday, interests)',
    kept: 'While you are subscribed. When you unsubscribe, your name, phone, birthday and interests are deleted within 30 days.',
  },
  {
    what: 'Consent and unsubscribe records (time, consent text version, IP address, user agent)',
    kept: 'The newest 20 per address while you are subscribed, then 2 years after you unsubscribe, as proof we had your consent and respected your choice.',
  },
  { what: 'One-time sign-in and membership codes', kept: '10 minutes, and they stop working once used.' },
  {
    what: 'Sessions (the refresh cookie and its record)',
    kept: '30 days from your last visit, and never more than 90 days after you signed in. Signing out ends them at once.',
  },
  {
    what: 'Your account: email, roles, passkeys, authenticator app',
    kept: 'Until you ask us to delete it, or 2 years after you last signed in.',
  },
  { what: 'Loyalty card photos and progress', kept: 'Until you delete a photo, or 12 months after the card is complete.' },
  { what: 'Secret cinema bookings', kept: '12 months after the screening.' },
  { what: 'Booking enquiries and the emails about them', kept: '12 months after the date you asked about.' },
  { what: 'Common Good messages', kept: '12 months; messages we do not publish are deleted after 30 days.' },
  { what: 'Site analytics', kept: '13 months, then deleted.' },
  { what: 'Abuse counters (rate limits on IP addresses and email addresses)', kept: 'At most 1 hour.' },
];
