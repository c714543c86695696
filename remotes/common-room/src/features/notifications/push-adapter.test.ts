import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOCK_VAPID_PUBLIC_KEY } from '@croft/mocks';
import { base64UrlToBytes, browserPushAdapter, describeBrowser } from './push-adapter';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser's service-worker container and push manager, recording the calls the adapter makes. */
function fakeNavigator(existing: PushSubscription | null = null) {
  const made = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription;
  const pushManager = { getSubscription: vi.fn(async () => existing), subscribe: vi.fn(async () => made) };
  const registration = { pushManager };
  const serviceWorker = { register: vi.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) };
  vi.stubGlobal('navigator', { serviceWorker, userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' });
  return { serviceWorker, pushManager, made };
}

describe('the browser push adapter', () => {
  it("registers /sw.js at the root scope and subscribes user-visible with the service's key as bytes", async () => {
    const { serviceWorker, pushManager } = fakeNavigator();
    const json = await browserPushAdapter.subscribe(MOCK_VAPID_PUBLIC_KEY);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(base64UrlToBytes(MOCK_VAPID_PUBLIC_KEY)));
    expect(json).toEqual({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } });
  });

  it('reuses a subscription the browser already has, and unsubscribes it', async () => {
    const { pushManager, made } = fakeNavigator();
    pushManager.getSubscription.mockResolvedValue(made);
    await browserPushAdapter.subscribe(MOCK_VAPID_PUBLIC_KEY);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(await browserPushAdapter.current()).toMatchObject({ endpoint: 'https://push.example/abc' });
    expect(await browserPushAdapter.unsubscribe()).toBe(true);
    expect(made.unsubscribe).toHaveBeenCalled();
  });

  it('is unsupported without a service worker container', () => {
    vi.stubGlobal('navigator', { userAgent: 'x' });
    expect(browserPushAdapter.supported()).toBe(false);
  });

  it('decodes the VAPID key to the 65-byte uncompressed point', () => {
    const bytes = base64UrlToBytes(MOCK_VAPID_PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('names the browser for the lists', () => {
    expect(describeBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(describeBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on Windows');
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
  });
});
