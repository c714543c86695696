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
});
