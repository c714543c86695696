import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { COMMON_GOOD_MESSAGE_MAX, commonGoodMessageRequestSchema } from '@croft/contracts';
import { MESSAGE_ERRORS, messageLength, validateMessage } from './message-rules';

describe('validateMessage', () => {
  it('sends only the message when name and email are empty', () => {
    const { errors, request } = validateMessage({ name: ' ', email: '', message: '  More benches, please. ' });
    expect(errors).toEqual({});
    expect(request).toEqual({ message: 'More benches, please.' });
    expect(z.safeParse(commonGoodMessageRequestSchema, request).success).toBe(true);
  });

  it('keeps name and email when given', () => {
    const { request } = validateMessage({ name: 'Priya', email: 'priya@example.com', message: 'Hi' });
    expect(request).toEqual({ name: 'Priya', email: 'priya@example.com', message: 'Hi' });
  });

  it('needs a message of at most 250 characters (trimmed)', () => {
    expect(COMMON_GOOD_MESSAGE_MAX).toBe(250);
    expect(validateMessage({ name: '', email: '', message: '   ' }).errors).toEqual({ message: MESSAGE_ERRORS.messageMissing });
    expect(validateMessage({ name: '', email: '', message: 'a'.repeat(250) }).errors).toEqual({});
    expect(validateMessage({ name: '', email: '', message: ` ${'a'.repeat(250)}\n` }).errors).toEqual({});
    expect(validateMessage({ name: '', email: '', message: 'a'.repeat(251) }).errors).toEqual({ message: MESSAGE_ERRORS.messageLong(251) });
    expect(messageLength('  abc  ')).toBe(3);
  });

  it('checks the optional email and name length', () => {
    expect(validateMessage({ name: '', email: 'priya@', message: 'Hi' }).errors).toEqual({ email: MESSAGE_ERRORS.emailInvalid });
    expect(validateMessage({ name: 'n'.repeat(101), email: '', message: 'Hi' }).errors).toEqual({ name: MESSAGE_ERRORS.nameLong });
  });
});
