import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('shared session client', () => {
  it('is one instance, and anonymous visitors make no refresh call on load', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { getSessionClient, restoreSession } = await import('./shared-client');
    expect(getSessionClient()).toBe(getSessionClient());
    await restoreSession();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('restores when this browser signed in before, and forgets the hint when the cookie is gone', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'no_refresh_token', message: 'x' } }), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { restoreSession, SESSION_HINT_KEY } = await import('./shared-client');
    localStorage.setItem(SESSION_HINT_KEY, '1');
    await restoreSession();
    expect(fetch).toHaveBeenCalledWith('/api/identity/token?grant_type=refresh_token', expect.anything());
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('a passing network or server failure on load neither loses the session nor the hint: it retries with back-off', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const body = { access_token: 'a.b.c', token_type: 'bearer', expires_in: 600, expires_at: exp, user: { id: 'u1', email: 'ada@example.com', roles: [] } };
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'unavailable', message: 'x' } }), { status: 503 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { getSessionClient, restoreSession, SESSION_HINT_KEY } = await import('./shared-client');
    localStorage.setItem(SESSION_HINT_KEY, '1');
    await restoreSession();
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(getSessionClient().getSession()?.user.email).toBe('ada@example.com');
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    getSessionClient().dispose();
  });

  it('keeps the hint when the identity service stays unreachable (the cookie may well be valid)', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'unavailable', message: 'x' } }), { status: 503 }));
      vi.stubGlobal('fetch', fetch);
      const { getSessionClient, restoreSession, SESSION_HINT_KEY } = await import('./shared-client');
      localStorage.setItem(SESSION_HINT_KEY, '1');
      const done = restoreSession();
      await vi.advanceTimersByTimeAsync(60_000);
      await expect(done).resolves.toBeUndefined();
      expect(fetch.mock.calls.length).toBeGreaterThan(1);
      expect(getSessionClient().getSession()).toBeNull();
      expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    } finally {
      vi.useRealTimers();
    }
  });
});
