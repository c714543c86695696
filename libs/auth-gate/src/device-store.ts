import { DEVICE_TRUST_DAYS, RECENT_REGISTRATION_MINUTES } from '@croft/contracts';

/** Storage keys of spec 001 §3 (device storage). */
export const DEVICE_STORAGE_KEYS = {
  /** localStorage: the passkey user handle (base64url). */
  userHandle: 'croft.passkey.userHandle',
  /** localStorage: '1' once a passkey was created or used on this device. */
  hasCredentials: 'croft.passkey.hasCredentials',
  /** localStorage: milliseconds since the epoch of the last long-term success (link or passkey). */
  lastSuccessAt: 'croft.membership.lastSuccessAt',
  /** sessionStorage: milliseconds since the epoch of the last passkey registration. */
  recentRegistrationAt: 'croft.passkey.recentRegistrationAt',
} as const;

export const DEVICE_TRUST_MS = DEVICE_TRUST_DAYS * 24 * 60 * 60 * 1000;
export const RECENT_REGISTRATION_MS = RECENT_REGISTRATION_MINUTES * 60 * 1000;

/** What a Storage needs to offer (window.localStorage, window.sessionStorage, or a test double). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DeviceStore {
  getUserHandle(): string | null;
  setUserHandle(handle: string): void;
  hasCredentials(): boolean;
  setHasCredentials(value: boolean): void;
  getLastSuccessAt(): number | null;
  stampLongTermSuccess(now: number): void;
  getRecentRegistrationAt(): number | null;
  stampRecentRegistration(now: number): void;
  /** Trusted when the last long-term success is at most DEVICE_TRUST_DAYS old (never stamped → not trusted). */
  isTrusted(now: number): boolean;
  /** A passkey was registered in this browser session within the last RECENT_REGISTRATION_MINUTES. */
  hasRecentRegistration(now: number): boolean;
  /** Forget the stored passkey (handle, flag, recent registration); the trust stamp goes too. */
  clearPasskey(): void;
}

export interface DeviceStoreOptions {
  /** Defaults to window.localStorage; null means none (private modes that refuse storage). */
  local?: StorageLike | null;
  /** Defaults to window.sessionStorage. */
  session?: StorageLike | null;
}

/** Reading window.localStorage itself throws in some privacy modes and sandboxed frames. */
function browserStorage(kind: 'localStorage' | 'sessionStorage'): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function safe(storage: StorageLike | null) {
  return {
    get(key: string): string | null {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        storage?.setItem(key, value);
      } catch {
        // Quota exceeded or storage refused: the device simply will not remember.
      }
    },
    remove(key: string): void {
      try {
        storage?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

function readTime(raw: string | null): number | null {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return null;
  return Number(raw);
}

/** The device's memory for the membership gate; every call is safe when storage throws. */
export function createDeviceStore(options: DeviceStoreOptions = {}): DeviceStore {
  const local = safe(options.local === undefined ? browserStorage('localStorage') : options.local);
  const session = safe(options.session === undefined ? browserStorage('sessionStorage') : options.session);
  const K = DEVICE_STORAGE_KEYS;
  const store: DeviceStore = {
    getUserHandle() {
      const handle = local.get(K.userHandle);
      return handle && /^[A-Za-z0-9_-]{1,128}$/.test(handle) ? handle : null;
    },
    setUserHandle(handle) {
      local.set(K.userHandle, handle);
    },
    hasCredentials: () => local.get(K.hasCredentials) === '1',
    setHasCredentials(value) {
      if (value) local.set(K.hasCredentials, '1');
      else local.remove(K.hasCredentials);
    },
    getLastSuccessAt: () => readTime(local.get(K.lastSuccessAt)),
    stampLongTermSuccess(now) {
      local.set(K.lastSuccessAt, String(Math.floor(now)));
    },
    getRecentRegistrationAt: () => readTime(session.get(K.recentRegistrationAt)),
    stampRecentRegistration(now) {
      session.set(K.recentRegistrationAt, String(Math.floor(now)));
    },
    isTrusted(now) {
      const at = store.getLastSuccessAt();
      return at !== null && at <= now && now - at <= DEVICE_TRUST_MS;
    },
    hasRecentRegistration(now) {
      const at = store.getRecentRegistrationAt();
      return at !== null && at <= now && now - at <= RECENT_REGISTRATION_MS;
    },
    clearPasskey() {
      local.remove(K.userHandle);
      local.remove(K.hasCredentials);
      local.remove(K.lastSuccessAt);
      session.remove(K.recentRegistrationAt);
    },
  };
  return store;
}

/** An in-memory Storage for tests and stories. */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & { snapshot(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    snapshot: () => Object.fromEntries(map),
  };
}
