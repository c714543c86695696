import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, emailSchema } from './email';

/** The 13 interest options of spec 001 §5, in the order the form shows them. */
export const NEWSLETTER_INTERESTS = [
  'Private Events & Bookings',
  'Corporate Hospitality',
  'Wine Tastings & Masterclasses',
  'Cocktail Masterclasses',
  'Beer & Brewing Events',
  'Cooking Classes',
  'Art & Creative Workshops',
  'Film & Cinema',
  'Networking Events',
  'Live Music & Entertainment',
  'Special Occasions & Celebrations',
  'Wedding & Party Catering',
  'Business Meetings & Workspace',
] as const;
export type NewsletterInterest = (typeof NEWSLETTER_INTERESTS)[number];

export const BIRTHDAY_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type BirthdayMonth = (typeof BIRTHDAY_MONTHS)[number];

/** Longest day in each month (February 29: leap-year birthdays exist). */
const DAYS_IN_MONTH: Record<BirthdayMonth, number> = {
  January: 31,
  February: 29,
  March: 31,
  April: 30,
  May: 31,
  June: 30,
  July: 31,
  August: 31,
  September: 30,
  October: 31,
  November: 30,
  December: 31,
};

/**
 * The version of the consent sentence below. The service records it with every consent, so
 * change the version whenever the sentence changes.
 */
export const CONSENT_TEXT_VERSION = '2026-11-v1';

/** The sentence shown next to the consent checkbox; exactly what CONSENT_TEXT_VERSION records. */
export const CONSENT_TEXT =
  'I agree to receive the Croft Common newsletter by email, and I understand I can unsubscribe at any time using the link in every email.';

/** Spec 001 §5 / §8 strings the footer form shows (client-side checks and the failure toast). */
export const NEWSLETTER_MESSAGES = {
  requiredTitle: 'Required fields missing',
  requiredMessage: 'Please provide your name, email and consent to continue.',
  interestsTitle: 'Interests required',
  interestsMessage: 'Please select at least one interest to help us personalise your experience.',
  failedTitle: 'Subscription failed',
  failedFallback: 'Please try again later.',
} as const;

export const NEWSLETTER_LIMITS = {
  emailMax: EMAIL_MAX_LENGTH,
  nameMax: 100,
  phoneMin: 7,
  phoneMax: 20,
} as const;

const BIRTHDAY_PATTERN = new RegExp(`^(\\d{1,2})/(${BIRTHDAY_MONTHS.join('|')})$`);

/** 'day/monthname' with a day that exists in that month, e.g. '7/March' or '29/February'. */
export function isValidBirthday(value: string): boolean {
  const match = BIRTHDAY_PATTERN.exec(value);
  if (!match) return false;
  const day = Number(match[1]);
  return day >= 1 && day <= DAYS_IN_MONTH[match[2] as BirthdayMonth];
}

/** Builds the birthday text from the form's two selects; undefined unless both are chosen. */
export function formatBirthday(day: number | undefined, month: BirthdayMonth | undefined): string | undefined {
  if (day === undefined || month === undefined) return undefined;
  const value = `${day}/${month}`;
  return isValidBirthday(value) ? value : undefined;
}

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;

/** POST /api/newsletter/subscribe (spec 001 §7 subscribe-newsletter). */
export const subscribeRequestSchema = z.strictObject({
  email: emailSchema,
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(NEWSLETTER_LIMITS.nameMax),
      z.regex(NO_CONTROL_CHARS, 'must not contain control characters'),
    ),
  consent: z.literal(true),
  phone: z.optional(
    z
      .string()
      .check(
        z.trim(),
        // abort: the digit count below only runs on 7-20 characters, never on a 100 kB string.
        z.regex(/^[0-9 +\-()]{7,20}$/, { error: 'must be 7-20 characters of digits, spaces, +, -, ( and )', abort: true }),
        z.refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, 'must contain at least 7 digits'),
      ),
  ),
  birthday: z.optional(
    z
      .string()
      .check(
        z.refine(
          isValidBirthday,
          "must be 'day/monthname' with a day that exists in that month, e.g. '7/March'",
        ),
      ),
  ),
  interests: z.optional(
    z
      .array(z.enum(NEWSLETTER_INTERESTS))
      .check(
        z.maxLength(NEWSLETTER_INTERESTS.length),
        z.refine((list) => new Set(list).size === list.length, 'must not repeat an interest'),
      ),
  ),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
export type SubscribeRequestParsed = z.output<typeof subscribeRequestSchema>;

export const subscribeResponseSchema = z.strictObject({
  /** subscribed = new address; updated = was active; resubscribed = had unsubscribed. */
  status: z.enum(['subscribed', 'updated', 'resubscribed']),
  /** Whether the welcome email went out; the subscription is stored either way. */
  welcome_email: z.enum(['sent', 'failed']),
});
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** The raw unsubscribe token in the welcome email: 32 random bytes, base64url. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const tokenField = z.string().check(z.maxLength(200));

/** Query of GET/POST /api/newsletter/unsubscribe (the link in List-Unsubscribe). */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.optional(tokenField),
});

/**
 * Body of POST /api/newsletter/unsubscribe: the site's /unsubscribe page sends `{ token }`;
 * mail clients send the RFC 8058 form body `List-Unsubscribe=One-Click` with the token in the URL.
 */
export const unsubscribeRequestSchema = z.strictObject({ token: tokenField });
export const oneClickUnsubscribeBodySchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;
/** Either body of POST /api/newsletter/unsubscribe, or none (the token in the link alone). */
export const unsubscribeBodySchema = z.optional(z.union([unsubscribeRequestSchema, oneClickUnsubscribeBodySchema]));

/**
 * Query of GET /api/newsletter/unsubscribe, opened by a person from the email: only a string token
 * is read (anything else, such as a tracking parameter a mail client adds, is ignored, and a token
 * that is not a string is dropped), so the link always reaches the site's confirm page.
 */
export const unsubscribeLinkQuerySchema = z.looseObject({ token: z.optional(z.catch(z.string(), '')) });

export const unsubscribeResponseSchema = z.strictObject({ status: z.literal('unsubscribed') });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** POST /api/newsletter/internal/member-check (header x-internal-token). */
export const memberCheckRequestSchema = z.strictObject({ email: emailSchema });
export type MemberCheckRequest = z.infer<typeof memberCheckRequestSchema>;

export const memberCheckResponseSchema = z.strictObject({ active: z.boolean() });
export type MemberCheckResponse = z.infer<typeof memberCheckResponseSchema>;
