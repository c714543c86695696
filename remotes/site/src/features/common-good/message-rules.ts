import { canonicalEmail, COMMON_GOOD_MESSAGE_MAX, VENUE_NAME_MAX, type CommonGoodMessageRequest } from '@croft/contracts';

export interface MessageFormValues {
  name: string;
  email: string;
  message: string;
}

export type MessageFieldErrors = Partial<Record<keyof MessageFormValues, string>>;

export const MESSAGE_ERRORS = {
  messageMissing: 'Please write a message.',
  messageLong: (length: number) =>
    `Please keep your message to ${COMMON_GOOD_MESSAGE_MAX} characters (it is ${length} now).`,
  nameLong: `Please keep your name to ${VENUE_NAME_MAX} characters.`,
  emailInvalid: 'Please enter a valid email address, like name@example.com, or leave it empty.',
} as const;

/** Characters counted against the 250 limit (the service trims, so the counter does too). */
export function messageLength(message: string): number {
  return message.trim().length;
}

/** The /common-good/message rules: a message of 1–250 characters; name and email optional. */
export function validateMessage(values: MessageFormValues): { errors: MessageFieldErrors; request?: CommonGoodMessageRequest } {
  const errors: MessageFieldErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!message) errors.message = MESSAGE_ERRORS.messageMissing;
  else if (message.length > COMMON_GOOD_MESSAGE_MAX) errors.message = MESSAGE_ERRORS.messageLong(message.length);
  if (name.length > VENUE_NAME_MAX) errors.name = MESSAGE_ERRORS.nameLong;
  if (email && !canonicalEmail(email)) errors.email = MESSAGE_ERRORS.emailInvalid;
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, request: { ...(name ? { name } : {}), ...(email ? { email } : {}), message } };
}
