import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from '@croft/router';
import { ANALYTICS_OPT_OUT_KEY } from '@croft/contracts';
import { getSessionClient } from '@croft/session';
import { buildSession } from '@croft/mocks';
import type { Tracker, TrackerOptions } from '@croft/analytics/tracker';
import { AnalyticsMount } from './analytics-mount';

let idleTasks: (() => void)[];
let tracker: { navigate: ReturnType<typeof vi.fn<(path: string) => void>>; flush: ReturnType<typeof vi.fn<() => void>>; stop: ReturnType<typeof vi.fn<() => void>> };
let startTracker: ReturnType<typeof vi.fn<(options: TrackerOptions) => Tracker | null>>;
let load: ReturnType<typeof vi.fn<() => Promise<{ startTracker: (options: TrackerOptions) => Tracker | null }>>>;

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go to {to}
    </button>
  );
}

const mount = () =>
  render(
    <MemoryRouter initialEntries={['/cafe?token=abc']}>
      <GoTo to="/hall" />
      <AnalyticsMount load={load} />
    </MemoryRouter>,
  );

/** The browser becomes idle: the mount's waiting task runs. */
const becomeIdle = () => act(() => idleTasks.splice(0).forEach((task) => task()));

beforeEach(() => {
  idleTasks = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task));
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idleTasks[id - 1] = () => undefined;
  });
  tracker = { navigate: vi.fn<(path: string) => void>(), flush: vi.fn<() => void>(), stop: vi.fn<() => void>() };
  startTracker = vi.fn<(options: TrackerOptions) => Tracker | null>(() => tracker);
  load = vi.fn(() => Promise.resolve({ startTracker }));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
  Reflect.deleteProperty(navigator, 'doNotTrack');
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
});

describe('AnalyticsMount', () => {
  it('loads nothing before the page is idle; then starts the tracker on the router’s path and tells it every route change', async () => {
    const view = mount();
    // Renders and effects are done, the page is not idle yet: no chunk requested.
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
    expect(idleTasks).toHaveLength(1);

    becomeIdle();
    await waitFor(() => expect(startTracker).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
    const options = startTracker.mock.calls[0][0];
    expect(options.path).toBe('/cafe');

    // The member's access token, from the shared session client, when someone is signed in.
    expect(options.getAccessToken?.()).toBeUndefined();
    const session = buildSession({ email: 'ada@example.com' });
    getSessionClient().setSession(session);
    expect(options.getAccessToken?.()).toBe(session.access_token);

    await userEvent.click(screen.getByRole('button', { name: 'Go to /hall' }));
    expect(tracker.navigate).toHaveBeenCalledWith('/hall');

    view.unmount();
    expect(tracker.stop).toHaveBeenCalledTimes(1);
  });

  it('a route change before the chunk arrives: the tracker starts on the current path', async () => {
    let resolve!: (module: { startTracker: typeof startTracker }) => void;
    load.mockImplementation(() => new Promise((r) => (resolve = r)));
    mount();
    becomeIdle();
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Go to /hall' }));
    await act(async () => resolve({ startTracker }));
    await waitFor(() => expect(startTracker).toHaveBeenCalledTimes(1));
    expect(startTracker.mock.calls[0][0].path).toBe('/hall');
  });

  const disallowed: [string, () => void][] = [
    ['Global Privacy Control', () => Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true })],
    ['Do Not Track', () => Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true })],
    ['the opt-out on /privacy', () => localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1')],
  ];
  for (const [name, set] of disallowed) {
    it(`${name}: the tracker's chunk is never loaded`, async () => {
      set();
      mount();
      becomeIdle();
      await userEvent.click(screen.getByRole('button', { name: 'Go to /hall' }));
      await act(async () => undefined);
      expect(load).not.toHaveBeenCalled();
      expect(startTracker).not.toHaveBeenCalled();
    });
  }

  it('unmounted before idle: nothing is loaded', async () => {
    const view = mount();
    view.unmount();
    idleTasks.forEach((task) => task());
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('a chunk that fails to load is logged once, never thrown or shown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    load.mockImplementation(() => Promise.reject(new Error('chunk failed')));
    mount();
    becomeIdle();
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0][0])).toContain('[analytics]');
    expect(screen.getByRole('button', { name: 'Go to /hall' })).toBeInTheDocument();
    warn.mockRestore();
  });

  it('the real chunk: loads @croft/analytics/tracker and starts it', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetchMock);
    const view = render(
      <MemoryRouter initialEntries={['/cafe']}>
        <GoTo to="/hall" />
        <AnalyticsMount />
      </MemoryRouter>,
    );
    becomeIdle();
    // The tracker asks for idle time for the session start once it runs.
    await waitFor(() => expect(idleTasks.length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Go to /hall' }));
    becomeIdle(); // the session starts, and asks for idle time to send
    becomeIdle(); // sent
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/events');
    const body = JSON.parse(String(init.body)) as { events: { type: string; from_page?: string; to_page?: string }[] };
    expect(body.events).toContainEqual(expect.objectContaining({ type: 'journey', from_page: '/cafe', to_page: '/hall' }));
    view.unmount();
  });
});
