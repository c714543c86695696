import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, identityHandlers } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { getSessionClient } from '@croft/session';
import { SessionContext, type ShellSession } from '../session-context';
import { NudgeAutoLink } from './nudge-auto-link';

const server = listenForTests({ beforeAll, afterEach, afterAll });
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  server.use(
    ...identityHandlers(),
    http.post('*/api/nudge/auto-link-push-subscription', ({ request }) => {
      calls.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ linked: true });
    }),
  );
  // jsdom has none of them; a browser that can push has all three.
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: function Notification() {}, configurable: true });
});
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});

const who: ShellSession = { email: 'ada@example.com', roles: [] };
const mount = (session: ShellSession | null) =>
  render(
    <SessionContext.Provider value={session}>
      <NudgeAutoLink />
    </SessionContext.Provider>,
  );

describe('NudgeAutoLink', () => {
  it('signed in on a browser that can push: auto-link-push-subscription once, with the member’s token', async () => {
    const session = buildSession({ email: 'ada@example.com' });
    getSessionClient().setSession(session);
    mount(who);
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 10_000 });
    expect(calls[0]).toBe(`Bearer ${session.access_token}`);
  });

  it('signed out: never called (and nothing is loaded for it)', async () => {
    const view = mount(null);
    // The call would come 1 s after a sign-in; give it well over that, then sign in to prove the wait was long enough.
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls).toHaveLength(0);
    getSessionClient().setSession(buildSession({ email: 'ada@example.com' }));
    view.rerender(
      <SessionContext.Provider value={who}>
        <NudgeAutoLink />
      </SessionContext.Provider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 10_000 });
  });

  it('a browser without push: nothing to link, no call', async () => {
    Reflect.deleteProperty(window, 'PushManager');
    getSessionClient().setSession(buildSession({ email: 'ada@example.com' }));
    mount(who);
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls).toHaveLength(0);
  });
});
