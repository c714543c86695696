import { CONSENT_TEXT_VERSION } from '@croft/contracts';

/** Where privacy questions and requests go. */
export const PRIVACY_EMAIL = 'privacy@croftcommon.co.uk';

/** When the notice last changed (shown on the page; change it with the text). */
export const PRIVACY_NOTICE_UPDATED = '27 November 2026';

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
 * codes, sessions and rate-limit counters: TTL indexes in services/identity and service-kit;
 * site analytics: raw events expire by TTL after ANALYTICS_RAW_RETENTION_DAYS in services/analytics
 * (issue 15), the daily roll-ups stay.
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
    kept: 'Visits, page views, journeys and presses: 13 months, then deleted. After that only daily totals are kept (for example how many people viewed a page on a day), which say nothing about any one visitor.',
  },
  {
    what: 'Abuse counters (rate limits on IP addresses and email addresses)',
    kept: 'Until the counting window ends: at most 1 hour, or 24 hours for the limit on booking enquiries per email address.',
  },
];

/** One kind of analytics record, in plain words: what /privacy lists under "Site analytics". */
export interface AnalyticsRecordKind {
  /** Its name on the page. */
  name: string;
  /** When it is recorded. */
  when: string;
  /** What it holds, one fact per item. */
  fields: readonly string[];
}

/**
 * Exactly what the site's own analytics record (spec 001 §3: user_sessions, page_views,
 * user_journeys, user_interactions; libs/analytics records them). Change it with the tracker.
 */
export const ANALYTICS_RECORDS: readonly AnalyticsRecordKind[] = [
  {
    name: 'Visits',
    when: 'once each time you open the site, after the page has finished loading',
    fields: [
      'a random visit id your browser makes up, kept in this tab’s session storage and gone when you close the tab',
      'when the visit started and when you left',
      'your browser’s user agent (the name and version it announces), and from it the browser and system by name (for example Safari on iOS) and whether it is a phone, a tablet or a computer',
      'the site that sent you here, without anything after a “?” or “#” in its address',
      'whether you were signed in and, if you were, your account, so we can see what members use',
    ],
  },
  {
    name: 'Page views',
    when: 'for each page you open',
    fields: [
      'the page’s address without anything after a “?” or “#”, and its title',
      'the page you came from',
      'when you opened it, how many seconds it was on your screen (time in another tab does not count) and how far down you scrolled, in percent',
      'whether you left within 5 seconds (a “bounce”)',
    ],
  },
  {
    name: 'Journeys',
    when: 'each time you move from one page to another',
    fields: ['the page you left and the page you went to, and how: a link, the menu, the back button or a secret gesture'],
  },
  {
    name: 'Presses',
    when: 'each time you press a button or a link',
    fields: [
      'the page it was on, and the button’s id, its style names and up to 100 characters of its label (e-mail addresses and long numbers in a label are blanked out)',
      'where on the page you pressed it',
      'for a link: the page of this site it leads to, or only the name of the other site',
    ],
  },
];
