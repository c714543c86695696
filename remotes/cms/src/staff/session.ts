import { useEffect, useState } from 'react';
import type { IdentityRole } from '@croft/contracts';
import { getSessionClient, readClaims, SESSION_HINT_KEY, type Session } from '@croft/session';

/**
 * How long after the page loaded a staff screen waits for the shell to bring a returning person's
 * session back from the cookie (the shell restores once, at load: later on, no session means none).
 */
export const RESTORE_WAIT_MS = 10_000;
const RESTORE_POLL_MS = 200;

/** Milliseconds since the page loaded (replaceable in tests). */
export const pageClock = { sinceLoadMs: (): number => (typeof performance === 'undefined' ? Infinity : performance.now()) };

/** Who is signed in, as the staff screens need it (read from the access token's claims). */
export interface StaffIdentity {
  email: string;
  roles: IdentityRole[];
  aal: 'aal1' | 'aal2';
  /** Has a verified authenticator app: staff screens then need the aal2 step. */
  mfa: boolean;
  /** The verified authenticator app to challenge, when the session names it. */
  factorId: string | null;
}

export type StaffSessionState =
  | { status: 'restoring' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; session: Session; identity: StaffIdentity };

function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const ROLES: readonly string[] = ['editor', 'staff', 'admin'];

/** The staff view of a session: roles and aal from the token, mfa from its claim or a verified factor. */
export function staffIdentity(session: Session): StaffIdentity {
  const claims = readClaims(session.access_token);
  const payload = decodePayload(session.access_token);
  const verified = (session.user.factors ?? []).filter((f) => f.status === 'verified' && f.factor_type === 'totp');
  const roles = (claims?.roles ?? session.user.roles).filter((r): r is IdentityRole => ROLES.includes(r));
  return {
    email: claims?.email || session.user.email,
    roles,
    aal: claims?.aal ?? 'aal1',
    mfa: payload?.mfa === true || verified.length > 0,
    factorId: verified[0]?.id ?? null,
  };
}

function hintPresent(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** A restore may still be under way: this browser signed in before, and the page is young. */
function mayBeRestoring(): boolean {
  return hintPresent() && pageClock.sinceLoadMs() < RESTORE_WAIT_MS;
}

function stateOf(session: Session | null, waiting: boolean): StaffSessionState {
  if (session) return { status: 'signed-in', session, identity: staffIdentity(session) };
  return waiting && mayBeRestoring() ? { status: 'restoring' } : { status: 'signed-out' };
}

/**
 * The page's session from the shared session client, kept current. A browser that signed in
 * before (the session hint is set) and has no session yet is 'restoring' while the shell brings it
 * back from the refresh cookie: until the hint is dropped (no session), a session arrives, or the
 * page is RESTORE_WAIT_MS old. The staff screens never start a refresh of their own (two at once
 * would trip the refresh token's reuse detection).
 */
export function useStaffSession(): StaffSessionState {
  const client = getSessionClient();
  const [session, setSession] = useState<Session | null>(() => client.getSession());
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const unsubscribe = client.onAuthStateChange((_event, next) => setSession(next));
    setSession(client.getSession());
    return unsubscribe;
  }, [client]);
  useEffect(() => {
    if (session || !waiting || !mayBeRestoring()) return;
    const timer = setInterval(() => {
      if (!mayBeRestoring()) setWaiting(false);
    }, RESTORE_POLL_MS);
    return () => clearInterval(timer);
  }, [session, waiting]);
  return stateOf(session, waiting);
}
