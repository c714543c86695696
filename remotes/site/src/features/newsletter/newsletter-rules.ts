import {
  BIRTHDAY_MONTHS,
  NEWSLETTER_INTERESTS,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  canonicalEmail,
  formatBirthday,
  type BirthdayMonth,
  type NewsletterInterest,
  type SubscribeRequest,
} from '@croft/contracts';

/** What the footer form holds while a visitor fills it in (select values are '' until chosen). */
export interface NewsletterFormValues {
  name: string;
  email: string;
  consent: boolean;
  phone: string;
  /** '' or '1'…'31'. */
  birthdayDay: string;
  /** '' or a month name, 'January'…'December'. */
  birthdayMonth: string;
  /** Whether the Personalise panel is expanded. */
  personaliseOpen: boolean;
  interests: readonly NewsletterInterest[];
}

export const EMPTY_NEWSLETTER_FORM: NewsletterFormValues = {
  name: '',
  email: '',
  consent: false,
  phone: '',
  birthdayDay: '',
  birthdayMonth: '',
  personaliseOpen: false,
  interests: [],
};

/** The controls a problem can be pinned to, in the order they appear in the form. */
export const NEWSLETTER_FIELDS = ['name', 'email', 'phone', 'birthday', 'consent', 'interests'] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];

export type NewsletterFieldErrors = Partial<Record<NewsletterField, string>>;

export interface NewsletterToastText {
  title: string;
  description: string;
}

export type NewsletterCheck =
  | { ok: true; request: SubscribeRequest }
  | {
      ok: false;
      /** The one toast to show: required fields first, then interests, then malformed details. */
      toast: NewsletterToastText;
      /** Inline messages per control. */
      errors: NewsletterFieldErrors;
      /** The first control (in form order) that needs attention: focus goes there. */
      firstInvalid: NewsletterField;
    };

/** Inline messages (the toasts' wording is the spec's, in NEWSLETTER_MESSAGES). */
export const NEWSLETTER_FIELD_MESSAGES = {
  nameRequired: 'Enter your name.',
  nameTooLong: `Keep your name to ${NEWSLETTER_LIMITS.nameMax} characters or fewer.`,
  nameControl: 'Your name contains characters we cannot store.',
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address like name@example.com.',
  consentRequired: 'Tick the box to agree to receive the newsletter.',
  phoneInvalid: 'Enter a phone number of 7 to 20 digits, spaces, +, -, ( or ).',
  birthdayInvalid: 'Choose a day that exists in that month.',
  birthdayDayRange: 'Choose a day from 1 to 31.',
  birthdayMonthUnknown: 'Choose a month from the list.',
  interestsRequired: 'Pick at least one interest, or close Personalise.',
} as const;

/** Toast for malformed optional details (the spec's catalogue has none for these). */
export const CHECK_DETAILS_TOAST: NewsletterToastText = {
  title: 'Check your details',
  description: 'Some of your details need another look. The highlighted fields say what to fix.',
};

const PHONE_PATTERN = /^[0-9 +\-()]{7,20}$/;
const CONTROL_CHARS = /[\p{Cc}]/u;

export function isBirthdayMonth(value: string): value is BirthdayMonth {
  return (BIRTHDAY_MONTHS as readonly string[]).includes(value);
}

/** '1'…'31' as a number; undefined for '' and anything else. */
export function parseBirthdayDay(value: string): number | undefined {
  if (!/^\d{1,2}$/.test(value)) return undefined;
  const day = Number(value);
  return day >= 1 && day <= 31 ? day : undefined;
}

/** Same email check the service runs (the contract's schema), on the trimmed text. */
export function isEmailShaped(value: string): boolean {
  return canonicalEmail(value) !== null;
}

/** The contract's phone rule: 7–20 of digits, spaces, + - ( ), with at least 7 digits. */
export function isPhoneShaped(value: string): boolean {
  const phone = value.trim();
  return PHONE_PATTERN.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 7;
}

/**
 * Birthday text for the request, per spec 001 §5: sent only when both a day (1–31) and a month
 * are chosen, as 'day/Monthname' (e.g. '7/March'). `error` is set when both are chosen but do not
 * make a real date (31/February), or when a value is outside the lists.
 */
export function birthdayFromForm(dayText: string, monthText: string): { birthday?: string; error?: string } {
  if (dayText === '' || monthText === '') {
    // One of the two alone is not sent; a value outside the lists is still an error.
    if (dayText !== '' && parseBirthdayDay(dayText) === undefined) return { error: NEWSLETTER_FIELD_MESSAGES.birthdayDayRange };
    if (monthText !== '' && !isBirthdayMonth(monthText)) return { error: NEWSLETTER_FIELD_MESSAGES.birthdayMonthUnknown };
    return {};
  }
  const day = parseBirthdayDay(dayText);
  if (day === undefined) return { error: NEWSLETTER_FIELD_MESSAGES.birthdayDayRange };
  if (!isBirthdayMonth(monthText)) return { error: NEWSLETTER_FIELD_MESSAGES.birthdayMonthUnknown };
  const birthday = formatBirthday(day, monthText);
  return birthday === undefined ? { error: NEWSLETTER_FIELD_MESSAGES.birthdayInvalid } : { birthday };
}

/** Interests in the order the form lists them, without repeats or unknown values. */
export function orderedInterests(chosen: readonly string[]): NewsletterInterest[] {
  return NEWSLETTER_INTERESTS.filter((interest) => chosen.includes(interest));
}

/**
 * The footer form's rules (spec 001 §5): name, email and consent are required; when the
 * Personalise panel is open at least one interest is required; phone is optional; the birthday
 * goes out only when both day and month are chosen. Text is trimmed. On success, the request body
 * the newsletter service's contract accepts.
 */
export function checkNewsletterForm(values: NewsletterFormValues): NewsletterCheck {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const errors: NewsletterFieldErrors = {};

  let missingRequired = false;
  if (name === '') {
    errors.name = NEWSLETTER_FIELD_MESSAGES.nameRequired;
    missingRequired = true;
  } else if (name.length > NEWSLETTER_LIMITS.nameMax) {
    errors.name = NEWSLETTER_FIELD_MESSAGES.nameTooLong;
  } else if (CONTROL_CHARS.test(name)) {
    errors.name = NEWSLETTER_FIELD_MESSAGES.nameControl;
  }
  if (email === '') {
    errors.email = NEWSLETTER_FIELD_MESSAGES.emailRequired;
    missingRequired = true;
  } else if (!isEmailShaped(email)) {
    errors.email = NEWSLETTER_FIELD_MESSAGES.emailInvalid;
  }
  if (!values.consent) {
    errors.consent = NEWSLETTER_FIELD_MESSAGES.consentRequired;
    missingRequired = true;
  }
  if (phone !== '' && !isPhoneShaped(phone)) errors.phone = NEWSLETTER_FIELD_MESSAGES.phoneInvalid;

  const { birthday, error: birthdayError } = birthdayFromForm(values.birthdayDay, values.birthdayMonth);
  if (birthdayError) errors.birthday = birthdayError;

  const interests = orderedInterests(values.interests);
  const missingInterests = values.personaliseOpen && interests.length === 0;
  if (missingInterests) errors.interests = NEWSLETTER_FIELD_MESSAGES.interestsRequired;

  const firstInvalid = NEWSLETTER_FIELDS.find((field) => errors[field] !== undefined);
  if (firstInvalid !== undefined) {
    const toast = missingRequired
      ? { title: NEWSLETTER_MESSAGES.requiredTitle, description: NEWSLETTER_MESSAGES.requiredMessage }
      : missingInterests
        ? { title: NEWSLETTER_MESSAGES.interestsTitle, description: NEWSLETTER_MESSAGES.interestsMessage }
        : CHECK_DETAILS_TOAST;
    return { ok: false, toast, errors, firstInvalid };
  }

  const request: SubscribeRequest = { email, name, consent: true };
  if (phone !== '') request.phone = phone;
  if (birthday !== undefined) request.birthday = birthday;
  // Interests picked and then folded away are still the visitor's choice: they are sent too.
  if (interests.length > 0) request.interests = interests;
  return { ok: true, request };
}
