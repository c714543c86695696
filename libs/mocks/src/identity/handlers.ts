import { identityEndpoints as identity } from '@croft/contracts';
import { mockEndpoint, mockError } from '../endpoint';
import { buildSession } from './session-factory';

/** The sign-in code the mocks accept unless told otherwise (shown on standalone pages). */
export const MOCK_SIGN_IN_CODE = '123456';

/** The service's answer to a create_user false code for an address with no account (services/identity MESSAGES.userNotFound). */
const USER_NOT_FOUND = {
  status: 404,
  code: 'user_not_found',
  message: 'No account exists for this email address. Please sign up first or check your email address.',
};

export interface IdentityMockOptions {
  /** The code that verifies (default 123456): what a standalone remote tells its tester. */
  code?: string;
  /** Domains allowed for staff sign-in. */
  staffDomains?: string[];
  /** Emails with Secret Kitchens access. */
  secretKitchenEmails?: string[];
  /** Answer the code request with this failure. */
  sendFails?: { status: number; code: string; message: string };
}

/**
 * The identity service's sign-in calls as MSW answers them: any email gets "a code" (with
 * create_user false, an address starting 'unknown' has no account: 404 user_not_found), the code is
 * `options.code`, and a verified session lasts until the page reloads. Bodies are checked by the
 * same contract as the service's (a malformed one is its 400 invalid_request).
 */
export function identityHandlers(options: IdentityMockOptions = {}) {
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  const staffDomains = options.staffDomains ?? ['croftcommon.co.uk'];
  let signedIn: string | null = null;
  return [
    mockEndpoint(identity.sendOtp, ({ body }) => {
      if (options.sendFails) return mockError(options.sendFails);
      // create_user false signs in known accounts (and subscribers) only: unknown… addresses are neither.
      if (body.create_user === false && /^unknown/i.test(body.email)) return mockError(USER_NOT_FOUND);
      return { sent: true as const };
    }),
    mockEndpoint(identity.verifyOtp, ({ body }) => {
      if (body.token !== code) return mockError({ status: 400, code: 'invalid_code', message: 'Invalid or expired code. Please try again.' });
      signedIn = body.email.toLowerCase();
      return buildSession({ email: signedIn });
    }),
    mockEndpoint(identity.refreshSession, () =>
      signedIn ? buildSession({ email: signedIn }) : mockError({ status: 400, code: 'refresh_token_missing', message: 'You are not signed in.' }),
    ),
    mockEndpoint(identity.logout, () => {
      signedIn = null;
      return undefined;
    }),
    mockEndpoint(identity.isEmailDomainAllowed, ({ body }) => staffDomains.includes(body.email.split('@')[1]?.toLowerCase() ?? '')),
    mockEndpoint(identity.checkSecretKitchenAccess, ({ body }) => [
      { has_access: (options.secretKitchenEmails ?? []).includes(body.user_email.toLowerCase()) },
    ]),
  ];
}
