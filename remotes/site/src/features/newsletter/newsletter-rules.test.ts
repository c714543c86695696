import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NEWSLETTER_INTERESTS, subscribeRequestSchema } from '@croft/contracts';
import {
  CHECK_DETAILS_TOAST,
  EMPTY_NEWSLETTER_FORM,
  NEWSLETTER_FIELD_MESSAGES,
  birthdayFromForm,
  checkNewsletterForm,
  isEmailShaped,
  isPhoneShaped,
  parseBirthdayDay,
  type NewsletterFormValues,
} from './newsletter-rules';

const REQUIRED = { title: 'Required fields missing', description: 'Please provide your name, email and consent to continue.' };
const INTERESTS = {
  title: 'Interests required',
  description: 'Please select at least one interest to help us personalise your experience.',
};

const filled: NewsletterFormValues = { ...EMPTY_NEWSLETTER_FORM, name: 'Ada Lovelace', email: 'ada@example.com', consent: true };

function failure(values: NewsletterFormValues) {
  const result = checkNewsletterForm(values);
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.request)}`);
  return result;
}

function success(values: NewsletterFormValues) {
  const result = checkNewsletterForm(values);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.request;
}

describe('checkNewsletterForm: required fields', () => {
  it('an empty form asks for name, email and consent with the spec toast, name first', () => {
    const result = failure(EMPTY_NEWSLETTER_FORM);
    expect(result.toast).toEqual(REQUIRED);
    expect(result.errors).toEqual({
      name: NEWSLETTER_FIELD_MESSAGES.nameRequired,
      email: NEWSLETTER_FIELD_MESSAGES.emailRequired,
      consent: NEWSLETTER_FIELD_MESSAGES.consentRequired,
    });
    expect(result.firstInvalid).toBe('name');
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['email', { email: ' \t ' }],
    ['consent', { consent: false }],
  ] as const)('missing %s alone still gives the required toast', (field, change) => {
    const result = failure({ ...filled, ...change });
    expect(result.toast).toEqual(REQUIRED);
    expect(Object.keys(result.errors)).toEqual([field]);
    expect(result.firstInvalid).toBe(field);
  });

  it('required beats interests when both are wrong', () => {
    const result = failure({ ...EMPTY_NEWSLETTER_FORM, personaliseOpen: true });
    expect(result.toast).toEqual(REQUIRED);
    expect(result.errors.interests).toBe(NEWSLETTER_FIELD_MESSAGES.interestsRequired);
  });
});

describe('checkNewsletterForm: interests', () => {
  it('with Personalise open and nothing picked, asks for an interest with the spec toast', () => {
    const result = failure({ ...filled, personaliseOpen: true });
    expect(result.toast).toEqual(INTERESTS);
    expect(result.errors).toEqual({ interests: NEWSLETTER_FIELD_MESSAGES.interestsRequired });
    expect(result.firstInvalid).toBe('interests');
  });

  it('with Personalise closed, no interest is needed and none is sent', () => {
    expect(success(filled)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', consent: true });
  });

  it('sends picked interests in the order the form lists them, without repeats or unknown values', () => {
    const request = success({
      ...filled,
      personaliseOpen: true,
      interests: ['Film & Cinema', 'Private Events & Bookings', 'Film & Cinema', 'Knitting' as never],
    });
    expect(request.interests).toEqual(['Private Events & Bookings', 'Film & Cinema']);
  });

  it('keeps interests picked before the panel was folded away', () => {
    expect(success({ ...filled, personaliseOpen: false, interests: ['Cooking Classes'] }).interests).toEqual(['Cooking Classes']);
  });

  it('accepts all 13 options', () => {
    const request = success({ ...filled, personaliseOpen: true, interests: [...NEWSLETTER_INTERESTS].reverse() });
    expect(request.interests).toEqual([...NEWSLETTER_INTERESTS]);
  });
});

describe('checkNewsletterForm: trimming and the request body', () => {
  it('trims text and leaves out empty optional fields', () => {
    const request = success({ ...filled, name: '  Ada  ', email: '  ada@example.com ', phone: '   ' });
    expect(request).toEqual({ email: 'ada@example.com', name: 'Ada', consent: true });
  });

  it('builds a body the service contract accepts, birthday as day/Monthname', () => {
    const request = success({
      ...filled,
      phone: ' +44 (0)117 123 4567 ',
      birthdayDay: '7',
      birthdayMonth: 'March',
      personaliseOpen: true,
      interests: ['Beer & Brewing Events'],
    });
    expect(request).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      consent: true,
      phone: '+44 (0)117 123 4567',
      birthday: '7/March',
      interests: ['Beer & Brewing Events'],
    });
    expect(z.safeParse(subscribeRequestSchema, request).success).toBe(true);
  });

  it('a name over 100 characters or with control characters is refused with the details toast', () => {
    expect(failure({ ...filled, name: 'a'.repeat(101) }).errors.name).toBe(NEWSLETTER_FIELD_MESSAGES.nameTooLong);
    const control = failure({ ...filled, name: 'Ada\u0007' });
    expect(control.errors.name).toBe(NEWSLETTER_FIELD_MESSAGES.nameControl);
    expect(control.toast).toEqual(CHECK_DETAILS_TOAST);
  });
});

describe('email shape', () => {
  it.each(['ada@example.com', ' ada@example.co.uk ', 'first.last+tag@sub.example.org'])('accepts %s', (email) => {
    expect(isEmailShaped(email)).toBe(true);
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %s',
    (email) => {
      expect(isEmailShaped(email)).toBe(false);
    },
  );
  it('a malformed email is an inline error with the details toast, not "required"', () => {
    const result = failure({ ...filled, email: 'ada@example' });
    expect(result.errors).toEqual({ email: NEWSLETTER_FIELD_MESSAGES.emailInvalid });
    expect(result.toast).toEqual(CHECK_DETAILS_TOAST);
    expect(result.firstInvalid).toBe('email');
  });
});

describe('phone', () => {
  it.each(['0117 123 4567', '+44 117 1234567', '(0117) 123-4567', '1234567'])('accepts %s', (phone) => {
    expect(isPhoneShaped(phone)).toBe(true);
  });
  it.each(['123456', 'call me', '+44 117 123 4567 ext 9', '+++ --- ()()1', '1'.repeat(21)])('refuses %s', (phone) => {
    expect(isPhoneShaped(phone)).toBe(false);
  });
  it('a bad phone blocks the submit with an inline error', () => {
    expect(failure({ ...filled, phone: 'call me' }).errors).toEqual({ phone: NEWSLETTER_FIELD_MESSAGES.phoneInvalid });
  });
});

describe('birthday', () => {
  it('is sent only when both day and month are chosen', () => {
    expect(birthdayFromForm('7', 'March')).toEqual({ birthday: '7/March' });
    expect(birthdayFromForm('7', '')).toEqual({});
    expect(birthdayFromForm('', 'March')).toEqual({});
    expect(birthdayFromForm('', '')).toEqual({});
    expect(success({ ...filled, birthdayDay: '7' })).not.toHaveProperty('birthday');
    expect(success({ ...filled, birthdayMonth: 'March' })).not.toHaveProperty('birthday');
  });

  it('day is 1 to 31', () => {
    expect(parseBirthdayDay('1')).toBe(1);
    expect(parseBirthdayDay('31')).toBe(31);
    for (const bad of ['0', '32', '-1', '1.5', 'x', '', '007']) expect(parseBirthdayDay(bad)).toBeUndefined();
    expect(birthdayFromForm('32', 'May')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayDayRange });
    expect(birthdayFromForm('0', '')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayDayRange });
  });

  it('the day must exist in the month (29 February is a birthday, 31 April is not)', () => {
    expect(birthdayFromForm('29', 'February')).toEqual({ birthday: '29/February' });
    expect(birthdayFromForm('30', 'February')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayInvalid });
    expect(birthdayFromForm('31', 'April')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayInvalid });
    const result = failure({ ...filled, birthdayDay: '31', birthdayMonth: 'April' });
    expect(result.errors).toEqual({ birthday: NEWSLETTER_FIELD_MESSAGES.birthdayInvalid });
    expect(result.firstInvalid).toBe('birthday');
  });

  it('refuses a month outside the list', () => {
    expect(birthdayFromForm('3', 'march')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayMonthUnknown });
    expect(birthdayFromForm('', 'Smarch')).toEqual({ error: NEWSLETTER_FIELD_MESSAGES.birthdayMonthUnknown });
  });
});
