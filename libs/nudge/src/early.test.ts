import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUDGE_CHANNEL, NUDGE_SESSION_KEYS } from './core/constants';
import { canReceivePush, watchForNudge } from './early';

/** jsdom has no BroadcastChannel of its own here: an in-page stand-in with the same delivery rule. */
class PageChannel {
  static open = new Set<PageChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    PageChannel.open.add(this);
  }
  postMessage(data: unknown) {
    for (const other of PageChannel.open) {
      if (other !== this && other.name === this.name) other.onmessage?.(new MessageEvent('message', { data }));
    }
  }
  close() {
    PageChannel.open.delete(this);
  }
}

const registration = vi.fn<() => Promise<unknown>>();

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
  PageChannel.open.clear();
  vi.stubGlobal('BroadcastChannel', PageChannel);
  vi.stubGlobal('requestIdleCallback', undefined);
  registration.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: registration } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchForNudge', () => {
  it('loads nothing for a visitor without a nudge or a service worker, until a nudge comes on the channel', async () => {
    const load = vi.fn();
    const stop = watchForNudge({ load });
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled();
    expect(registration).toHaveBeenCalledWith('/');

    const sender = new PageChannel(NUDGE_CHANNEL);
    sender.postMessage({ type: 'TEST' });
    sender.postMessage({ type: 'SHOW_NUDGE' });
    expect(load).not.toHaveBeenCalled();
    sender.postMessage({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(load).toHaveBeenCalledWith({ url: '/hall', source: 'channel' });
    sender.postMessage({ type: 'SHOW_NUDGE', url: '/beer' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(PageChannel.open.size).toBe(1); // its own channel is closed: the runtime opens one
    stop();
  });

  it('loads after idle when a nudge is already on this tab', async () => {
    window.sessionStorage.setItem(NUDGE_SESSION_KEYS.url, '/hall');
    const load = vi.fn();
    watchForNudge({ load });
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledWith(undefined);
  });

  it('loads after idle when a service worker is registered for the site', async () => {
    registration.mockResolvedValue({ scope: 'http://localhost/' });
    const load = vi.fn();
    watchForNudge({ load });
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes a same-origin window message, never one from elsewhere', async () => {
    const load = vi.fn();
    watchForNudge({ load });
    await vi.advanceTimersByTimeAsync(1000);
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'SHOW_NUDGE', url: '/x' }, origin: 'https://evil.example' }));
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'SW_NAVIGATE', url: '/x' }, origin: window.location.origin }));
    expect(load).toHaveBeenCalledWith({ url: '/x', source: 'window' });
  });

  it('does nothing once torn down', async () => {
    window.sessionStorage.setItem(NUDGE_SESSION_KEYS.url, '/hall');
    const load = vi.fn();
    const stop = watchForNudge({ load });
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('canReceivePush', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  });

  it('needs service workers, the Push API and notifications, all three', () => {
    expect(canReceivePush()).toBe(false);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true });
    expect(canReceivePush()).toBe(false);
    Object.defineProperty(window, 'Notification', { value: function Notification() {}, configurable: true });
    expect(canReceivePush()).toBe(true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(canReceivePush()).toBe(false);
  });
});
