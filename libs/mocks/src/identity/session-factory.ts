import type { Session } from '@croft/contracts';

const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * A session shaped like identity's (parses with sessionSchema). The access token is a JWT-shaped
 * string with readable claims and a fake signature: fine for the browser, which never verifies it.
 */
export function buildSession(overrides: { email?: string; roles?: Session['user']['roles']; expiresInS?: number; aal?: 'aal1' | 'aal2' } = {}): Session {
  const email = overrides.email ?? 'ada@example.com';
  const expiresIn = overrides.expiresInS ?? 600;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: 'user-1',
    email,
    roles: overrides.roles ?? [],
    aal: overrides.aal ?? 'aal1',
    amr: ['otp'],
    session_id: 'session-1',
    mfa: false,
    iss: 'croft-common-mock',
    aud: 'croft-common',
    iat: now,
    exp: now + expiresIn,
  };
  return {
    access_token: `${b64({ alg: 'ES256', typ: 'JWT', kid: 'mock' })}.${b64(claims)}.mock-signature`,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: now + expiresIn,
    user: { id: 'user-1', email, roles: overrides.roles ?? [], factors: [] },
  };
}
