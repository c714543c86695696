import type { Scenario } from '../scenario';
import { identityHandlers } from './handlers';
import { passkeyHandlers } from './passkey-handlers';
import { MOCK_ADMIN_EMAIL, staffHandlers } from './people';

/** The identity service's named worlds (sign-in codes, passkeys, membership links). */
export const identityScenarios: Scenario[] = [
  {
    id: 'identity:code-not-sent',
    label: 'Sign-in code email fails',
    handlers: () => identityHandlers({ sendFails: { status: 502, code: 'email_send_failed', message: 'Could not send code. Please try again.' } }),
  },
  {
    id: 'identity:codes-rate-limited',
    label: 'Sign-in codes: too many requested',
    handlers: () =>
      identityHandlers({
        sendFails: { status: 429, code: 'rate_limited', message: 'Too many codes requested. Please wait a few minutes and try again.' },
      }),
  },
  { id: 'identity:passkey-not-linked', label: 'Passkey not linked to a membership yet', handlers: () => passkeyHandlers({ state: 'not_linked' }) },
  { id: 'identity:not-subscribed', label: 'Not an active subscriber', handlers: () => passkeyHandlers({ state: 'not_subscribed' }) },
  { id: 'identity:no-passkeys', label: 'No passkey on this device', handlers: () => passkeyHandlers({ state: 'no_credentials' }) },
  { id: 'identity:passkeys-down', label: 'Passkey calls fail (500)', handlers: () => passkeyHandlers({ state: 'server_error' }) },
  // The staff area (/cms, /admin): sign in at /cms/login with the code; the people list decides roles.
  {
    id: 'identity:staff',
    label: `Staff area: sign in as ${MOCK_ADMIN_EMAIL} (admin, authenticator app) or another listed person`,
    handlers: () => staffHandlers(),
  },
  {
    id: 'identity:staff-editor',
    label: 'Staff area: whoever signs in is an editor only (no /admin)',
    handlers: () => staffHandlers({ everyoneIs: { roles: ['editor'], mfa: false } }),
  },
  {
    id: 'identity:admin-aal1',
    label: 'Staff area: whoever signs in is an admin without an authenticator app (role changes refused)',
    handlers: () => staffHandlers({ everyoneIs: { roles: ['admin'], mfa: false } }),
  },
  {
    id: 'identity:audit-content-down',
    label: "Staff area: content's audit log fails (500), identity's still answers",
    handlers: () =>
      staffHandlers({ contentAuditFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } }),
  },
  {
    id: 'identity:people-down',
    label: 'Staff area: the people list fails (500)',
    handlers: () => staffHandlers({ peopleFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } }),
  },
];
