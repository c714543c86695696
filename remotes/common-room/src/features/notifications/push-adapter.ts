import type { PushSubscriptionJson } from '@croft/contracts';
import { NUDGE_DB, NUDGE_WORKER_URL, openNudgeDatabase, type StoredNudge } from '@croft/nudge';
import { canReceivePush } from '@croft/nudge/early';

/**
 * The browser calls behind /notifications (service worker, Push API, Notification permission, the
 * `nudge-storage` database), kept behind this small interface so the page's tests, stories and
 * the standalone demo can put a fake browser in its place.
 */
export interface PushAdapter {
  /** The browser has service workers, the Push API and notifications. */
  supported(): boolean;
  /** The site's notification permission as it stands (no prompt). */
  permission(): NotificationPermission;
  /** Shows the browser's prompt (only ever after a press on the page). */
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's push subscription, or null. */
  current(): Promise<PushSubscriptionJson | null>;
  /** Registers /sw.js at the root scope and subscribes with the service's VAPID key. */
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  /** Unsubscribes this browser; true when there was a subscription. */
  unsubscribe(): Promise<boolean>;
  /** 'Chrome on Android', for the member's and the staff's lists. */
  browserName(): string;
  /** The last nudge this device received (the service worker's `current` entry), read without consuming it. */
  lastReceived(): Promise<StoredNudge | null>;
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** 'Firefox on Android', 'Safari on iPhone', 'Chrome on Windows'… from the user agent (at most 60 characters). */
export function describeBrowser(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'A browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return (os ? `${browser} on ${os}` : browser).slice(0, 60);
}

const toJson = (subscription: PushSubscription): PushSubscriptionJson => {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
};

/** The real browser. */
export const browserPushAdapter: PushAdapter = {
  supported: canReceivePush,
  permission: () => (typeof Notification === 'undefined' ? 'denied' : Notification.permission),
  requestPermission: () => Notification.requestPermission(),
  async current() {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? toJson(subscription) : null;
  },
  async subscribe(applicationServerKey) {
    await navigator.serviceWorker.register(NUDGE_WORKER_URL, { scope: '/' });
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(applicationServerKey) }));
    return toJson(subscription);
  },
  async unsubscribe() {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? subscription.unsubscribe() : false;
  },
  browserName: () => describeBrowser(navigator.userAgent),
  async lastReceived() {
    if (typeof indexedDB === 'undefined') return null;
    const db = await openNudgeDatabase();
    try {
      const current = await db.get(NUDGE_DB.store, NUDGE_DB.currentKey);
      return current && typeof current.url === 'string' && current.url !== 'undefined' ? current : null;
    } finally {
      db.close();
    }
  },
};

export interface FakeBrowserOptions {
  /** Service workers and push available (default true). */
  supported?: boolean;
  /** The permission before any prompt (default 'default'). */
  permission?: NotificationPermission;
  /** What the prompt answers (default 'granted'). */
  answer?: NotificationPermission;
  /** Already subscribed with this endpoint. */
  endpoint?: string;
  /** The push service refuses the subscription with this message. */
  subscribeFails?: string;
  lastReceived?: StoredNudge | null;
  browser?: string;
}

/** The mocks' subscription endpoint (matches the nudge mocks' worlds 'on', 'linked' and 'history'). */
export const FAKE_PUSH_ENDPOINT = 'https://push.example/mock';

/**
 * A browser for tests, stories and the standalone demo: the permission prompt, the subscription
 * and the stored nudge in memory, with the keys a real browser would give (the shapes the
 * contract accepts).
 */
export function createFakePushAdapter(options: FakeBrowserOptions = {}): PushAdapter & { prompts: number } {
  let permission: NotificationPermission = options.permission ?? 'default';
  let subscription: PushSubscriptionJson | null = options.endpoint
    ? { endpoint: options.endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }
    : null;
  const adapter = {
    prompts: 0,
    supported: () => options.supported ?? true,
    permission: () => permission,
    async requestPermission() {
      adapter.prompts += 1;
      if (permission === 'default') permission = options.answer ?? 'granted';
      return permission;
    },
    current: async () => subscription,
    async subscribe(key: string) {
      if (permission !== 'granted') throw new Error('Registration failed - permission denied');
      if (base64UrlToBytes(key).length !== 65) throw new Error('The application server key is not valid.');
      if (options.subscribeFails) throw new Error(options.subscribeFails);
      subscription ??= { endpoint: FAKE_PUSH_ENDPOINT, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
      return subscription;
    },
    async unsubscribe() {
      const had = subscription !== null;
      subscription = null;
      return had;
    },
    browserName: () => options.browser ?? 'Chrome on Android',
    lastReceived: async () => options.lastReceived ?? null,
  };
  return adapter;
}
