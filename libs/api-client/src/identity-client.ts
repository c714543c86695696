import * as z from 'zod/mini';
import {
  isEmailDomainAllowedResponseSchema,
  secretKitchenAccessResponseSchema,
  sendOtpResponseSchema,
  sessionSchema,
  type Session,
} from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

function parse<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const result = z.safeParse(schema, body);
  if (!result.success) throw new ApiError(200, 'invalid_response', `The ${what} answer did not match its contract`);
  return result.data;
}

export interface IdentityClient {
  sendCode(input: { email: string; createUser: boolean; sessionDuration?: number }): Promise<void>;
  verifyCode(input: { email: string; code: string }): Promise<Session>;
  isEmailDomainAllowed(email: string): Promise<boolean>;
  secretKitchenAccess(email: string): Promise<boolean>;
}

/** The identity service's sign-in calls (spec 001 §7), typed over the contracts. */
export function createIdentityClient(options: ClientOptions = {}): IdentityClient {
  const base = '/api/identity';
  const post = (path: string, body: unknown) => requestJson(options, `${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    async sendCode({ email, createUser, sessionDuration }) {
      const body = await post('/otp', {
        email,
        create_user: createUser,
        ...(sessionDuration ? { data: { session_duration: sessionDuration } } : {}),
      });
      parse(sendOtpResponseSchema, body, 'send-code');
    },
    async verifyCode({ email, code }) {
      return parse(sessionSchema, await post('/verify', { email, token: code, type: 'email' }), 'verify');
    },
    async isEmailDomainAllowed(email) {
      return parse(isEmailDomainAllowedResponseSchema, await post('/rpc/is_email_domain_allowed', { email }), 'domain check');
    },
    async secretKitchenAccess(email) {
      const rows = parse(secretKitchenAccessResponseSchema, await post('/rpc/check_secret_kitchen_access_status', { user_email: email }), 'access check');
      return rows[0]?.has_access === true;
    },
  };
}
