import { useEffect, useRef } from 'react';
import { useShellSession } from '../session-context';
import { canReceivePush } from '@croft/nudge/early';

/**
 * Spec 000 §7: auto-link-push-subscription about 1 s after a sign-in or a load with a session, at
 * most once per 30 s (@croft/nudge startAutoLink). Loaded the first time someone is signed in, so
 * a visitor's page carries only this check. Failures are logged, never shown (spec 000 §8).
 */
export function NudgeAutoLink() {
  const signedIn = useShellSession() !== null;
  const started = useRef(false);
  useEffect(() => {
    if (!signedIn || started.current || !canReceivePush()) return;
    started.current = true;
    import('./auto-link-runtime').then(
      // Started while signed in: it calls 1 s from now, and again after each later sign-in.
      ({ startShellAutoLink }) => void startShellAutoLink(),
      (error: unknown) => console.warn('[nudge] could not load auto-link', error),
    );
  }, [signedIn]);
  return null;
}
