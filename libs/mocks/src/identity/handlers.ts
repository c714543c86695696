import { http, HttpResponse } from 'msw';
import type { ErrorEnvelope } from '@croft/contracts';
import { buildSession } from './session-factory';

const fail = (status: number, code: string, message: string) =>
  HttpResponse.json<ErrorEnvelope>({ error: { code, message } }, { status });

/** The sign-in code the mocks accept unless told otherwise (shown on standalone pages). */
export const MOCK_SIGN_IN_CODE = '123456';

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
 * The identity service's sign-in calls as MSW answers them: any email gets "a code", the code is
 * `options.code`, and a verified session lasts until the page reloads.
 */
export function identityHandlers(options: IdentityMockOptions = {}) {
  const code = options.code ?? MOCK_SIGN_IN_CODE;
  const staffDomains = options.staffDomains ?? ['croftcommon.co.uk'];
  let signedIn: string | null = null;
  return [
    http.post('*/api/identity/otp', async ({ request }) => {
      const body = (await request.json()) as { email?: string };
      if (options.sendFails) return fail(options.sendFails.status, options.sendFails.code, options.sendFails.message);
      if (!body.email) return fail(400, 'invalid_request', 'email is required');
      return HttpResponse.json({ sent: true });
    }),
    http.post('*/api/identity/verify', async ({ request }) => {
      const body = (await request.json()) as { email: string; token: string };
      if (body.token !== code) return fail(400, 'invalid_code', 'Invalid or expired code. Please try again.');
      signedIn = body.email.toLowerCase();
      return HttpResponse.json(buildSession({ email: signedIn }));
    }),
    http.post('*/api/identity/token', () =>
      signedIn ? HttpResponse.json(buildSession({ email: signedIn })) : fail(400, 'refresh_token_missing', 'You are not signed in.'),
    ),
    http.post('*/api/identity/logout', () => {
      signedIn = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/identity/rpc/is_email_domain_allowed', async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      return HttpResponse.json(staffDomains.includes(email.split('@')[1]?.toLowerCase() ?? ''));
    }),
    http.post('*/api/identity/rpc/check_secret_kitchen_access_status', async ({ request }) => {
      const { user_email } = (await request.json()) as { user_email: string };
      return HttpResponse.json([{ has_access: (options.secretKitchenEmails ?? []).includes(user_email.toLowerCase()) }]);
    }),
  ];
}
