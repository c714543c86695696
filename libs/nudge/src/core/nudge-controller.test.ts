import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUDGE_CHANNEL, NUDGE_SESSION_KEYS as KEYS, NUDGE_TIMING, type NudgeMessage } from './constants';
import { createNudgeController, type NudgeChannel, type NudgeEnvironment } from './nudge-controller';
import type { StoredNudgeRead } from './nudge-db';

class FakeChannel extends EventTarget implements NudgeChannel {
  posted: unknown[] = [];
  closed = false;
  constructor(readonly name: string) {
    super();
  }
  postMessage(message: unknown) {
    if (this.closed) throw new Error('InvalidStateError: channel closed');
    this.posted.push(message);
  }
  close() {
    this.closed = true;
  }
  deliver(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

class FakeWorkerContainer extends EventTarget {
  received: NudgeMessage[] = [];
  controller: { postMessage(message: unknown): void } | null = { postMessage: (m) => void this.received.push(m as NudgeMessage) };
  started = false;
  startMessages() {
    this.started = true;
  }
  deliver(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(options: { path?: string; stored?: (StoredNudgeRead | null)[] } = {}) {
  let path = options.path ?? '/cafe';
  const channels: FakeChannel[] = [];
  const worker = new FakeWorkerContainer();
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const stored = [...(options.stored ?? [])];
  const readStoredNudge = vi.fn(async () => (stored.length ? (stored.shift() ?? null) : null));
  const navigate = vi.fn((to: string) => {
    path = to;
  });
  const openExternal = vi.fn();
  const logger = { error: vi.fn(), warn: vi.fn() };
  const env: NudgeEnvironment = {
    storage: window.sessionStorage,
    now: () => Date.now(),
    pathname: () => path,
    href: () => `http://localhost${path}`,
    origin: 'http://localhost',
    readStoredNudge,
    window: win,
    document: doc,
    serviceWorker: worker,
    createChannel: (name) => {
      const channel = new FakeChannel(name);
      channels.push(channel);
      return channel;
    },
    navigate,
    openExternal,
    logger,
  };
  const controller = createNudgeController(env);
  return {
    controller,
    env,
    channels,
    worker,
    win,
    doc,
    stored,
    readStoredNudge,
    navigate,
    openExternal,
    logger,
    setPath: (next: string) => {
      path = next;
    },
    channel: () => channels[channels.length - 1],
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('receiving a nudge', () => {
  it('shows it for SHOW_NUDGE and SW_NAVIGATE with a url, from the channel, the worker and the window', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    expect(t.controller.getSnapshot()).toEqual({ url: null, clicked: false, visible: false });

    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(t.controller.getSnapshot()).toEqual({ url: '/hall', clicked: false, visible: true });
    expect(window.sessionStorage.getItem(KEYS.url)).toBe('/hall');
    expect(window.sessionStorage.getItem(KEYS.receivedPath)).toBe('/cafe');

    t.worker.deliver({ type: 'SW_NAVIGATE', url: '/beer' });
    expect(t.controller.getSnapshot().url).toBe('/beer');

    t.win.dispatchEvent(new MessageEvent('message', { data: { type: 'SHOW_NUDGE', url: '/kitchens' }, origin: 'http://localhost' }));
    expect(t.controller.getSnapshot().url).toBe('/kitchens');
    stop();
  });

  it('ignores messages without a url, of other types, and window messages from other origins', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE' });
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '' });
    t.channel().deliver({ type: 'TEST', url: '/hall' });
    t.channel().deliver({ type: 'APP_READY', url: '/hall' });
    t.channel().deliver('SHOW_NUDGE /hall');
    t.worker.deliver({ type: 'NUDGE_RECEIVED', url: '/hall' });
    t.win.dispatchEvent(new MessageEvent('message', { data: { type: 'SHOW_NUDGE', url: '/hall' }, origin: 'https://evil.example' }));
    expect(t.controller.getSnapshot().url).toBeNull();
    expect(t.worker.received.filter((m) => m.type === 'NUDGE_RECEIVED')).toEqual([]);
    stop();
  });

  it('tells the worker NUDGE_RECEIVED with the url, the time and the source, once per nudge', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.worker.deliver({ type: 'SHOW_NUDGE', url: '/hall' }); // the same nudge announced twice
    expect(t.worker.received.filter((m) => m.type === 'NUDGE_RECEIVED')).toEqual([
      { type: 'NUDGE_RECEIVED', url: '/hall', timestamp: Date.parse('2026-11-27T12:00:00Z'), source: 'channel' },
    ]);
    stop();
  });

  it('a new nudge resets the clicked flag', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    window.sessionStorage.setItem(KEYS.url, '/hall');
    window.sessionStorage.setItem(KEYS.clicked, 'true');
    window.sessionStorage.setItem(KEYS.receivedPath, '/cafe');
    window.sessionStorage.setItem(KEYS.receivedAt, String(Date.now()));
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.syncMs);
    expect(t.controller.getSnapshot()).toEqual({ url: '/hall', clicked: true, visible: false });

    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(t.controller.getSnapshot()).toEqual({ url: '/hall', clicked: false, visible: true });
    expect(window.sessionStorage.getItem(KEYS.clicked)).toBe('false');
    stop();
  });
});

describe('clearing rules', () => {
  it('clears after 10 minutes without a click, not a moment before', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.autoClearMs - 1);
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.controller.getSnapshot()).toEqual({ url: null, clicked: false, visible: false });
    expect(window.sessionStorage.getItem(KEYS.url)).toBeNull();
    stop();
  });

  it('keeps the 10 minutes across a reload (counted from when it arrived)', async () => {
    window.sessionStorage.setItem(KEYS.url, '/hall');
    window.sessionStorage.setItem(KEYS.clicked, 'false');
    window.sessionStorage.setItem(KEYS.receivedPath, '/cafe');
    window.sessionStorage.setItem(KEYS.receivedAt, String(Date.now() - 9 * 60 * 1000));
    const t = setup();
    const stop = t.controller.start();
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(60 * 1000 - 1);
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('clears at start when the stored nudge is already older than 10 minutes', () => {
    window.sessionStorage.setItem(KEYS.url, '/hall');
    window.sessionStorage.setItem(KEYS.receivedPath, '/cafe');
    window.sessionStorage.setItem(KEYS.receivedAt, String(Date.now() - NUDGE_TIMING.autoClearMs));
    const t = setup();
    const stop = t.controller.start();
    expect(t.controller.getSnapshot().url).toBeNull();
    expect(window.sessionStorage.getItem(KEYS.url)).toBeNull();
    stop();
  });

  it('clears on going to a path other than where it was received; staying there keeps it', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.controller.pathChanged('/cafe');
    expect(t.controller.getSnapshot().visible).toBe(true);
    t.setPath('/beer');
    t.controller.pathChanged('/beer');
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('the 2 s sync notices a path change made without telling it', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.setPath('/beer');
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.syncMs - 1);
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('syncs from session storage every 2 s', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    const seen = vi.fn();
    t.controller.subscribe(seen);
    window.sessionStorage.setItem(KEYS.url, '/community');
    window.sessionStorage.setItem(KEYS.clicked, 'false');
    window.sessionStorage.setItem(KEYS.receivedPath, '/cafe');
    window.sessionStorage.setItem(KEYS.receivedAt, String(Date.now()));
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.syncMs - 1);
    expect(t.controller.getSnapshot().url).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.controller.getSnapshot()).toEqual({ url: '/community', clicked: false, visible: true });
    expect(seen).toHaveBeenCalledTimes(1);

    window.sessionStorage.removeItem(KEYS.url);
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.syncMs);
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('a click clears at once, routes inside the site, and clears again 2 s later if the same nudge came back', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.controller.click();
    expect(t.controller.getSnapshot()).toEqual({ url: null, clicked: false, visible: false });
    expect(t.navigate).toHaveBeenCalledWith('/hall');
    expect(t.openExternal).not.toHaveBeenCalled();

    // A late echo of the same nudge (the worker's copy) on the new page: the backup clear takes it.
    t.worker.deliver({ type: 'SW_NAVIGATE', url: '/hall' });
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.backupClearMs - 1);
    expect(t.controller.getSnapshot().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('the backup clear leaves a different nudge that arrived after the click', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.controller.click();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/cocktails' });
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.backupClearMs);
    expect(t.controller.getSnapshot()).toEqual({ url: '/cocktails', clicked: false, visible: true });
    stop();
  });

  it('an http url opens in a new tab instead of routing', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: 'https://tickets.example.com/cinema' });
    t.controller.click();
    expect(t.openExternal).toHaveBeenCalledWith('https://tickets.example.com/cinema');
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.controller.getSnapshot().url).toBeNull();
    stop();
  });

  it('a click with nothing to show does nothing', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    t.controller.click();
    expect(t.navigate).not.toHaveBeenCalled();
    stop();
  });
});

describe('the database', () => {
  it('is read at start, on focus at once, and 500 ms after the page becomes visible', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    expect(t.readStoredNudge).toHaveBeenCalledTimes(1);

    t.win.dispatchEvent(new Event('focus'));
    await flush();
    expect(t.readStoredNudge).toHaveBeenCalledTimes(2);

    t.doc.visibilityState = 'hidden';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.visibilityRecheckMs);
    expect(t.readStoredNudge).toHaveBeenCalledTimes(2);

    t.doc.visibilityState = 'visible';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.visibilityRecheckMs - 1);
    expect(t.readStoredNudge).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.readStoredNudge).toHaveBeenCalledTimes(3);
    stop();
  });

  it('shows what it finds, and tells the worker the source', async () => {
    const t = setup({ stored: [null, { url: '/beer', from: 'pending' }] });
    const stop = t.controller.start();
    await flush();
    expect(t.controller.getSnapshot().url).toBeNull();
    t.win.dispatchEvent(new Event('focus'));
    await flush();
    expect(t.controller.getSnapshot()).toEqual({ url: '/beer', clicked: false, visible: true });
    expect(t.worker.received.at(-1)).toMatchObject({ type: 'NUDGE_RECEIVED', url: '/beer', source: 'database' });
    stop();
  });

  it('does not show the same `current` again once this session had it; a pending one always shows', async () => {
    const t = setup({
      stored: [{ url: '/beer', from: 'current' }, { url: '/beer', from: 'current' }, { url: '/beer', from: 'pending' }],
    });
    const stop = t.controller.start();
    await flush();
    expect(t.controller.getSnapshot().url).toBe('/beer');
    t.controller.clear();
    t.win.dispatchEvent(new Event('focus'));
    await flush();
    expect(t.controller.getSnapshot().url).toBeNull();
    t.win.dispatchEvent(new Event('focus'));
    await flush();
    expect(t.controller.getSnapshot().url).toBe('/beer');
    stop();
  });

  it('logs a read failure and shows nothing', async () => {
    const t = setup();
    t.readStoredNudge.mockRejectedValueOnce(new Error('blocked'));
    const stop = t.controller.start();
    await flush();
    expect(t.controller.getSnapshot().url).toBeNull();
    expect(t.logger.error).toHaveBeenCalledWith('[nudge] could not read the nudge database', expect.any(Error));
    stop();
  });
});

describe('the broadcast channel', () => {
  it(`listens on '${NUDGE_CHANNEL}' and sends TEST 500 ms after setup`, async () => {
    const t = setup();
    const stop = t.controller.start();
    expect(t.channels.map((c) => c.name)).toEqual([NUDGE_CHANNEL]);
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.channelTestMs - 1);
    expect(t.channel().posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.channel().posted).toEqual([{ type: 'TEST', timestamp: Date.now() }]);
    stop();
    expect(t.channel().closed).toBe(true);
  });

  it('is recreated on focus (the old one closed, the new one listening)', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    const first = t.channel();
    t.win.dispatchEvent(new Event('focus'));
    expect(t.channels).toHaveLength(2);
    expect(first.closed).toBe(true);
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(t.controller.getSnapshot().url).toBe('/hall');
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.channelTestMs);
    expect(t.channel().posted).toEqual([{ type: 'TEST', timestamp: expect.any(Number) }]);
    stop();
  });

  it('is recreated on error, and the error is logged', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    const first = t.channel();
    first.dispatchEvent(new MessageEvent('messageerror'));
    expect(t.channels).toHaveLength(2);
    expect(first.closed).toBe(true);
    expect(t.logger.error).toHaveBeenCalledWith('[nudge] broadcast channel error, opening it again', expect.anything());
    stop();
  });

  it('without BroadcastChannel the rest still works', async () => {
    const t = setup();
    const env = { ...t.env, createChannel: undefined };
    const controller = createNudgeController(env);
    const stop = controller.start();
    await flush();
    t.worker.deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(controller.getSnapshot().url).toBe('/hall');
    stop();
  });
});

describe('the service worker', () => {
  it('gets APP_READY 100 ms after start, with the address and the listener status', async () => {
    const t = setup({ path: '/cafe' });
    const stop = t.controller.start();
    expect(t.worker.started).toBe(true);
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.appReadyMs - 1);
    expect(t.worker.received.filter((m) => m.type === 'APP_READY')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.worker.received.filter((m) => m.type === 'APP_READY')).toEqual([
      { type: 'APP_READY', url: 'http://localhost/cafe', timestamp: Date.now(), listening: true },
    ]);
    stop();
  });

  it('without a controlling worker nothing is sent and nothing fails', async () => {
    const t = setup();
    t.worker.controller = null;
    const stop = t.controller.start();
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.appReadyMs);
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(t.controller.getSnapshot().url).toBe('/hall');
    expect(t.logger.error).not.toHaveBeenCalled();
    stop();
  });

  it('a failing postMessage is logged, never thrown', async () => {
    const t = setup();
    t.worker.controller = {
      postMessage: () => {
        throw new Error('gone');
      },
    };
    const stop = t.controller.start();
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.appReadyMs);
    expect(t.logger.error).toHaveBeenCalledWith('[nudge] could not tell the service worker APP_READY', expect.any(Error));
    stop();
  });
});

describe('start and stop', () => {
  it('marks the app initialized in session storage', () => {
    const t = setup();
    const stop = t.controller.start();
    expect(window.sessionStorage.getItem(KEYS.appInitialized)).toBe('true');
    stop();
  });

  it('stops listening after teardown', async () => {
    const t = setup();
    const stop = t.controller.start();
    await flush();
    stop();
    t.worker.deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    t.win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(NUDGE_TIMING.autoClearMs);
    expect(t.controller.getSnapshot().url).toBeNull();
    expect(t.readStoredNudge).toHaveBeenCalledTimes(1);
  });

  it('keeps the nudge in memory when session storage throws', async () => {
    const t = setup();
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    const controller = createNudgeController({ ...t.env, storage: throwing });
    const stop = controller.start();
    await flush();
    t.channel().deliver({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(controller.getSnapshot().visible).toBe(true);
    expect(t.logger.warn).toHaveBeenCalledTimes(1);
    stop();
  });
});
