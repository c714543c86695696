import type { Scenario } from '../scenario';
import { identityHandlers } from './handlers';
import { passkeyHandlers } from './passkey-handlers';

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
];
