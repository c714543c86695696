import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionClient, type Session, type VisibilitySource } from './session-client';

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'ES256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

function session(expiresInS = 600, aal = 'aal1', factors: Session['user']['factors'] = []): Session {
  const exp = Math.floor(Date.now() / 1000) + expiresInS;
  return {
    access_token: jwt({ sub: 'u1', email: 'ada@example.com', roles: [], aal, amr: ['otp'], sid: 's1', exp }),
    token_type: 'bearer',
    expires_in: expiresInS,
    expires_at: exp,
    user: { id: 'u1', email: 'ada@example.com', roles: [], factors },
  };
}

function visibility(initial = true) {
  let visible = initial;
  const listeners = new Set<() => void>();
  const source: VisibilitySource = {
    isVisible: () => visible,
    onChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return {
    source,
    set(v: boolean) {
      visible = v;
      for (const l of listeners) l();
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes shortly before expiry and announces TOKEN_REFRESHED', async () => {
    const fetch = vi.fn(async () => json(200, session(600)));
    const client = createSessionClient({ fetch, visibility: visibility().source, refreshMarginMs: 60_000 });
    const events: string[] = [];
    client.onAuthStateChange((e) => events.push(e));
    client.setSession(session(600));
    await vi.advanceTimersByTimeAsync(539_000);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledWith('/api/identity/token?grant_type=refresh_token', expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('does not refresh while hidden, and refreshes at once when visible again past the due time', async () => {
    const vis = visibility();
    const fetch = vi.fn(async () => json(200, session(600)));
    const client = createSessionClient({ fetch, visibility: vis.source });
    client.setSession(session(600));
    vis.set(false);
    await vi.advanceTimersByTimeAsync(700_000);
    expect(fetch).not.toHaveBeenCalled();
    vis.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries network and server failures with back-off from 200 ms', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(json(503, { error: { code: 'unavailable', message: 'x' } }))
      .mockResolvedValueOnce(json(200, session(600)));
    const client = createSessionClient({ fetch, visibility: visibility().source });
    client.setSession(session(30));
    const done = client.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(done).resolves.toMatchObject({ token_type: 'bearer' });
  });

  it('removes the session on a non-retryable failure (reused or revoked refresh token)', async () => {
    const fetch = vi.fn(async () => json(401, { error: { code: 'refresh_token_reused', message: 'x' } }));
    const client = createSessionClient({ fetch, visibility: visibility().source });
    const events: string[] = [];
    client.setSession(session(600));
    client.onAuthStateChange((e) => events.push(e));
    await expect(client.refresh()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(client.getSession()).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
  });

  it('runs one refresh at a time', async () => {
    const fetch = vi.fn(async () => json(200, session(600)));
    const client = createSessionClient({ fetch, visibility: visibility().source });
    client.setSession(session(600));
    await Promise.all([client.refresh(), client.refresh(), client.refresh()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a refresh answered after sign-out does not bring the session back', async () => {
    let answer!: (response: Response) => void;
    const fetch = vi.fn(async (url: string) => {
      if (url.includes('/token')) return new Promise<Response>((resolve) => (answer = resolve));
      return new Response(null, { status: 204 });
    });
    const client = createSessionClient({ fetch, visibility: visibility().source });
    client.setSession(session(600));
    const events: string[] = [];
    client.onAuthStateChange((e) => events.push(e));
    const refreshing = client.refresh();
    await vi.advanceTimersByTimeAsync(0);
    await client.signOut();
    answer(json(200, session(600)));
    await expect(refreshing).resolves.toBeNull();
    expect(client.getSession()).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('times refreshes from expires_in, so a device clock that is 20 minutes fast does not refresh in a loop', async () => {
    // The server's clock says the token has 600 s left; this device's clock is 20 minutes ahead.
    const serverSession = (): Session => {
      const s = session(600);
      return { ...s, expires_at: s.expires_at - 1200 };
    };
    const fetch = vi.fn(async () => json(200, serverSession()));
    const client = createSessionClient({ fetch, visibility: visibility().source, refreshMarginMs: 60_000 });
    client.setSession(serverSession());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(539_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('handing the current session back (same token) keeps its refresh time', async () => {
    const fetch = vi.fn(async () => json(200, session(600)));
    const client = createSessionClient({ fetch, visibility: visibility().source, refreshMarginMs: 60_000 });
    const current = session(600);
    client.setSession(current);
    await vi.advanceTimersByTimeAsync(300_000);
    client.setSession({ ...current });
    await vi.advanceTimersByTimeAsync(240_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a token with less than the margin left (a session near its end) is not refreshed in a tight loop', async () => {
    const fetch = vi.fn(async () => json(200, session(20)));
    const client = createSessionClient({ fetch, visibility: visibility().source, refreshMarginMs: 60_000 });
    client.setSession(session(20));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('reads the assurance level from the token; next is aal2 with a verified factor', () => {
    const client = createSessionClient({ fetch: vi.fn(), visibility: visibility().source });
    expect(client.assurance()).toEqual({ currentLevel: null, nextLevel: null });
    client.setSession(session(600, 'aal1'));
    expect(client.assurance()).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    client.setSession(session(600, 'aal1', [{ id: 'f1', factor_type: 'totp', status: 'verified' }]));
    expect(client.assurance()).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    client.setSession(session(600, 'aal2', [{ id: 'f1', factor_type: 'totp', status: 'verified' }]), 'MFA_CHALLENGE_VERIFIED');
    expect(client.assurance()).toEqual({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it('signs out through the identity service and announces it; a failure keeps the session', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(500, { error: { code: 'internal_error', message: 'Something went wrong' } }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const client = createSessionClient({ fetch, visibility: visibility().source });
    client.setSession(session(600));
    await expect(client.signOut()).rejects.toThrow('Something went wrong');
    expect(client.getSession()).not.toBeNull();
    await client.signOut();
    expect(client.getSession()).toBeNull();
  });
});
