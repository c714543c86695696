import { checkSecretKitchenAccessEndpoint,
  isEmailDomainAllowedEndpoint,
  sendOtpEndpoint,
  verifyOtpEndpoint, type SECRET_KITCHEN_SESSION_SECONDS, type Session } from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface IdentityClient {
  sendCode(input: { email: string; createUser: boolean; sessionDuration?: number }): Promise<void>;
  verifyCode(input: { email: string; code: string }): Promise<Session>;
  isEmailDomainAllowed(email: string): Promise<boolean>;
  secretKitchenAccess(email: string): Promise<boolean>;
}

/** The identity service's sign-in calls (spec 001 §7), typed over its endpoint contracts. */
export function createIdentityClient(options: ClientOptions = {}): IdentityClient {
  return {
    async sendCode({ email, createUser, sessionDuration }) {
      await callEndpoint(options, sendOtpEndpoint, {
        body: {
          email,
          create_user: createUser,
          // The service accepts only the Secret Kitchens length (anything else is its 400).
          ...(sessionDuration ? { data: { session_duration: sessionDuration as typeof SECRET_KITCHEN_SESSION_SECONDS } } : {}),
        },
      });
    },
    verifyCode: ({ email, code }) => callEndpoint(options, verifyOtpEndpoint, { body: { email, token: code, type: 'email' } }),
    isEmailDomainAllowed: (email) => callEndpoint(options, isEmailDomainAllowedEndpoint, { body: { email } }),
    async secretKitchenAccess(email) {
      const rows = await callEndpoint(options, checkSecretKitchenAccessEndpoint, { body: { user_email: email } });
      return rows[0]?.has_access === true;
    },
  };
}
