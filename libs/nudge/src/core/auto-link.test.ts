import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_LINK_LAST_KEY, startAutoLink, type AutoLinkSession } from './auto-link';

function fakeSession(signedIn: boolean) {
  let current: unknown = signedIn ? { user: { id: 'u1' } } : null;
  const listeners = new Set<(event: string, session: unknown) => void>();
  const session: AutoLinkSession = {
    getSession: () => current,
    onAuthStateChange: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
  const emit = (event: string, next: unknown) => {
    current = next;
    for (const l of listeners) l(event, next);
  };
  return { session, emit, listeners };
}

describe('auto-link-push-subscription', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('a load with a session calls it 1 s later, not before', async () => {
    const { session } = fakeSession(true);
    const link = vi.fn(async () => true);
    startAutoLink({ session, link });
    await vi.advanceTimersByTimeAsync(999);
    expect(link).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(link).toHaveBeenCalledTimes(1);
  });

  it('a load without a session calls nothing; a sign-in then calls it 1 s later', async () => {
    const { session, emit } = fakeSession(false);
    const link = vi.fn(async () => true);
    startAutoLink({ session, link });
    await vi.advanceTimersByTimeAsync(5000);
    expect(link).not.toHaveBeenCalled();
    emit('SIGNED_IN', { user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(link).toHaveBeenCalledTimes(1);
  });

  it('at most once per 30 s: a second sign-in within 30 s is skipped, one after it calls again', async () => {
    const { session, emit } = fakeSession(true);
    const link = vi.fn(async () => true);
    startAutoLink({ session, link });
    await vi.advanceTimersByTimeAsync(1000);
    emit('SIGNED_IN', { user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(link).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(28_000);
    emit('SIGNED_IN', { user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(link).toHaveBeenCalledTimes(2);
  });

  it('the throttle holds across a reload of the tab (session storage)', async () => {
    const first = fakeSession(true);
    const link = vi.fn(async () => true);
    const stop = startAutoLink({ session: first.session, link });
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    expect(sessionStorage.getItem(AUTO_LINK_LAST_KEY)).toBe(String(Date.now()));
    // The page reloads 10 s later with the session: no second call.
    await vi.advanceTimersByTimeAsync(10_000);
    startAutoLink({ session: fakeSession(true).session, link });
    await vi.advanceTimersByTimeAsync(1000);
    expect(link).toHaveBeenCalledTimes(1);
  });

  it('signed out before the second passes: nothing is called; token refreshes never call it', async () => {
    const { session, emit } = fakeSession(true);
    const link = vi.fn(async () => true);
    startAutoLink({ session, link });
    emit('SIGNED_OUT', null);
    await vi.advanceTimersByTimeAsync(1000);
    emit('TOKEN_REFRESHED', { user: { id: 'u1' } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(link).not.toHaveBeenCalled();
  });

  it('a failure is logged, never thrown', async () => {
    const { session } = fakeSession(true);
    const log = vi.fn();
    startAutoLink({ session, link: async () => Promise.reject(new Error('offline')), log });
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveBeenCalledWith('auto-link-push-subscription failed', expect.any(Error));
  });

  it('stop() unsubscribes and cancels a pending call', async () => {
    const { session, listeners } = fakeSession(true);
    const link = vi.fn(async () => true);
    const stop = startAutoLink({ session, link });
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(link).not.toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });
});
