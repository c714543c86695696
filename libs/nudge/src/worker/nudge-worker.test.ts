import { describe, expect, it, vi } from 'vitest';
import type { NudgeMessage, StoredNudge } from '../core/constants';
import { absoluteUrl, FALLBACK_TITLE, handleNotificationClick, handlePageMessage, handlePush, parsePush, type NudgeWorkerScope, type WorkerWindowClient } from './nudge-worker';

const ORIGIN = 'https://croftcommon.example';
const NOW = 1_800_000_000_000;

function client(url: string, focused = false) {
  const received: unknown[] = [];
  const c: WorkerWindowClient & { received: unknown[]; focusCalls: number } = {
    url,
    focused,
    received,
    focusCalls: 0,
    postMessage: (m) => void received.push(m),
    focus: async () => {
      c.focusCalls++;
      return c;
    },
  };
  return c;
}

function fakeScope(clients: WorkerWindowClient[] = []) {
  const notifications: { title: string; options: NotificationOptions }[] = [];
  const stored: { record: StoredNudge; pending: boolean }[] = [];
  const broadcasts: unknown[] = [];
  const opened: string[] = [];
  const openedClient = client(`${ORIGIN}/`);
  const fetch = vi.fn(async () => ({ ok: true, status: 204 }));
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const scope: NudgeWorkerScope = {
    origin: ORIGIN,
    showNotification: async (title, options) => void notifications.push({ title, options }),
    matchClients: async () => clients,
    openWindow: async (url) => {
      opened.push(url);
      return openedClient;
    },
    writeStoredNudge: async (record, { pending }) => void stored.push({ record, pending }),
    createChannel: () => ({ postMessage: (m) => void broadcasts.push(m), close: () => undefined }),
    fetch,
    now: () => NOW,
    logger,
  };
  return { scope, notifications, stored, broadcasts, opened, openedClient, fetch, logger };
}

const push = (value: unknown) => ({ json: () => value });

describe('parsePush', () => {
  it('takes title, body, url and nudge_id', () => {
    expect(parsePush(push({ title: 'Cinema', body: 'Tickets are out', url: '/hall', nudge_id: 'n1' }))).toEqual({
      title: 'Cinema',
      body: 'Tickets are out',
      url: '/hall',
      nudge_id: 'n1',
    });
  });

  it("refuses no data, bad JSON, and a missing or 'undefined' url", () => {
    expect(parsePush(null)).toBeNull();
    expect(parsePush({ json: () => JSON.parse('{nope') })).toBeNull();
    expect(parsePush(push({ title: 'x' }))).toBeNull();
    expect(parsePush(push({ title: 'x', url: 'undefined' }))).toBeNull();
  });

  it('names the site when the title is missing', () => {
    expect(parsePush(push({ url: '/cafe' }))?.title).toBe(FALLBACK_TITLE);
  });
});

describe('absoluteUrl', () => {
  it('keeps http(s) addresses and puts paths on the site', () => {
    expect(absoluteUrl('https://tickets.example/x', ORIGIN)).toBe('https://tickets.example/x');
    expect(absoluteUrl('/hall', ORIGIN)).toBe(`${ORIGIN}/hall`);
    expect(absoluteUrl('hall', ORIGIN)).toBe(`${ORIGIN}/hall`);
  });
});

describe('push', () => {
  const payload = { title: 'Lunch run', body: 'Closes in ten minutes', url: '/common-room/member/lunch-run', nudge_id: 'n42' };

  it('shows the notification, stores current only when a page is focused, and announces SHOW_NUDGE', async () => {
    const page = client(`${ORIGIN}/cafe`, true);
    const elsewhere = client('https://other.example/', false);
    const t = fakeScope([page, elsewhere]);
    await handlePush(t.scope, push(payload));
    expect(t.notifications).toEqual([
      { title: 'Lunch run', options: { body: 'Closes in ten minutes', tag: 'n42', data: { url: payload.url, nudge_id: 'n42' } } },
    ]);
    expect(t.stored).toEqual([{ record: { url: payload.url, timestamp: NOW, nudge_id: 'n42' }, pending: false }]);
    const message: NudgeMessage = { type: 'SHOW_NUDGE', url: payload.url, timestamp: NOW, source: 'push' };
    expect(t.broadcasts).toEqual([message]);
    expect(page.received).toEqual([message]);
    expect(elsewhere.received).toEqual([]);
  });

  it('stores delivery_pending too when no page of the site is focused', async () => {
    const t = fakeScope([client(`${ORIGIN}/cafe`, false)]);
    await handlePush(t.scope, push(payload));
    expect(t.stored).toEqual([{ record: expect.objectContaining({ url: payload.url }), pending: true }]);
  });

  it('still shows the notification when storing fails, and logs it', async () => {
    const t = fakeScope();
    t.scope.writeStoredNudge = async () => {
      throw new Error('QuotaExceededError');
    };
    await handlePush(t.scope, push(payload));
    expect(t.notifications).toHaveLength(1);
    expect(t.logger.error).toHaveBeenCalledWith('[nudge-sw] could not store the nudge', expect.any(Error));
    expect(t.broadcasts).toHaveLength(1);
  });

  it('stores and announces the nudge even when the browser refuses the notification', async () => {
    const page = client(`${ORIGIN}/cafe`, true);
    const t = fakeScope([page]);
    t.scope.showNotification = async () => {
      throw new TypeError('No notification permission has been granted for this origin.');
    };
    await handlePush(t.scope, push(payload));
    expect(t.stored).toHaveLength(1);
    expect(t.broadcasts).toEqual([expect.objectContaining({ type: 'SHOW_NUDGE', url: payload.url })]);
    expect(page.received).toHaveLength(1);
    expect(t.logger.error).toHaveBeenCalledWith('[nudge-sw] could not show the notification', expect.any(TypeError));
  });

  it('shows a plain notification for a push without a usable payload, and stores nothing', async () => {
    const t = fakeScope();
    await handlePush(t.scope, push({ body: 'no url' }));
    expect(t.notifications).toEqual([{ title: FALLBACK_TITLE, options: { body: '' } }]);
    expect(t.stored).toEqual([]);
    expect(t.broadcasts).toEqual([]);
  });
});

describe('notificationclick', () => {
  const notification = (data: unknown) => ({ data, close: vi.fn() });

  it('focuses the open page, tells it SW_NAVIGATE, and counts the click', async () => {
    const background = client(`${ORIGIN}/beer`, false);
    const t = fakeScope([background]);
    const n = notification({ url: '/hall', nudge_id: 'n 1' });
    await handleNotificationClick(t.scope, n);
    expect(n.close).toHaveBeenCalled();
    expect(background.focusCalls).toBe(1);
    const message: NudgeMessage = { type: 'SW_NAVIGATE', url: '/hall', timestamp: NOW, source: 'notificationclick' };
    expect(background.received).toEqual([message]);
    expect(t.broadcasts).toEqual([message]);
    expect(t.opened).toEqual([]);
    expect(t.fetch).toHaveBeenCalledWith('/api/nudge/nudges/n%201/click', { method: 'POST', credentials: 'same-origin' });
  });

  it('prefers the focused page of the site', async () => {
    const a = client(`${ORIGIN}/beer`, false);
    const b = client(`${ORIGIN}/cafe`, true);
    const t = fakeScope([a, b]);
    await handleNotificationClick(t.scope, notification({ url: '/hall', nudge_id: 'n1' }));
    expect(b.received).toHaveLength(1);
    expect(a.received).toHaveLength(0);
  });

  it('opens the nudge on the site when no page is open (an http url as it is)', async () => {
    const t = fakeScope([client('https://other.example/', true)]);
    await handleNotificationClick(t.scope, notification({ url: '/hall', nudge_id: 'n1' }));
    expect(t.opened).toEqual([`${ORIGIN}/hall`]);
    expect(t.openedClient.received).toEqual([expect.objectContaining({ type: 'SW_NAVIGATE', url: '/hall' })]);

    const u = fakeScope();
    await handleNotificationClick(u.scope, notification({ url: 'https://tickets.example/a', nudge_id: 'n2' }));
    expect(u.opened).toEqual(['https://tickets.example/a']);
  });

  it('a click that cannot be counted is only logged', async () => {
    const t = fakeScope([client(`${ORIGIN}/`, true)]);
    t.fetch.mockRejectedValueOnce(new TypeError('offline'));
    await expect(handleNotificationClick(t.scope, notification({ url: '/hall', nudge_id: 'n1' }))).resolves.toBeUndefined();
    expect(t.logger.warn).toHaveBeenCalledWith('[nudge-sw] the click was not counted', expect.any(TypeError));
  });

  it('without data it opens the home page and counts nothing', async () => {
    const t = fakeScope();
    await handleNotificationClick(t.scope, notification(undefined));
    expect(t.opened).toEqual([`${ORIGIN}/`]);
    expect(t.fetch).not.toHaveBeenCalled();
  });
});

describe('page messages', () => {
  it('answers APP_READY with TEST to the page that sent it', () => {
    const t = fakeScope();
    const source = { postMessage: vi.fn() };
    expect(handlePageMessage(t.scope, { type: 'APP_READY', url: `${ORIGIN}/`, listening: true }, source)).toEqual({ type: 'TEST', timestamp: NOW });
    expect(source.postMessage).toHaveBeenCalledWith({ type: 'TEST', timestamp: NOW });
  });

  it('logs NUDGE_RECEIVED and ignores anything else', () => {
    const t = fakeScope();
    const source = { postMessage: vi.fn() };
    expect(handlePageMessage(t.scope, { type: 'NUDGE_RECEIVED', url: '/hall', source: 'channel' }, source)).toBeNull();
    expect(t.logger.info).toHaveBeenCalledWith('[nudge-sw] a page received /hall (channel)');
    expect(handlePageMessage(t.scope, { type: 'SHOW_NUDGE', url: '/x' }, source)).toBeNull();
    expect(handlePageMessage(t.scope, 'APP_READY', source)).toBeNull();
    expect(source.postMessage).not.toHaveBeenCalled();
  });
});
