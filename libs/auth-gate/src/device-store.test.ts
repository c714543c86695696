import { describe, expect, it } from 'vitest';
import { createDeviceStore, createMemoryStorage, DEVICE_STORAGE_KEYS, DEVICE_TRUST_MS, RECENT_REGISTRATION_MS, type StorageLike } from './device-store';

const throwing: StorageLike = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('device store', () => {
  it('keeps the handle, flag and success time in local storage, the recent registration in session storage', () => {
    const local = createMemoryStorage();
    const session = createMemoryStorage();
    const store = createDeviceStore({ local, session });
    store.setUserHandle('abc_-123');
    store.setHasCredentials(true);
    store.stampLongTermSuccess(1_700_000_000_000);
    store.stampRecentRegistration(1_700_000_000_500);
    expect(local.snapshot()).toEqual({
      [DEVICE_STORAGE_KEYS.userHandle]: 'abc_-123',
      [DEVICE_STORAGE_KEYS.hasCredentials]: '1',
      [DEVICE_STORAGE_KEYS.lastSuccessAt]: '1700000000000',
    });
    expect(session.snapshot()).toEqual({ [DEVICE_STORAGE_KEYS.recentRegistrationAt]: '1700000000500' });
    expect(createDeviceStore({ local, session }).getUserHandle()).toBe('abc_-123');
    store.clearPasskey();
    expect(local.snapshot()).toEqual({});
    expect(session.snapshot()).toEqual({});
  });

  it('ignores tampered values', () => {
    const local = createMemoryStorage({ [DEVICE_STORAGE_KEYS.userHandle]: '<script>', [DEVICE_STORAGE_KEYS.lastSuccessAt]: 'soon' });
    const store = createDeviceStore({ local, session: null });
    expect(store.getUserHandle()).toBeNull();
    expect(store.getLastSuccessAt()).toBeNull();
    expect(store.isTrusted(Date.now())).toBe(false);
  });

  it('trusts the device for 180 days and counts a registration as recent for 10 minutes', () => {
    const store = createDeviceStore({ local: createMemoryStorage(), session: createMemoryStorage() });
    const t = 1_700_000_000_000;
    expect(DEVICE_TRUST_MS).toBe(180 * 24 * 60 * 60 * 1000);
    expect(RECENT_REGISTRATION_MS).toBe(10 * 60 * 1000);
    store.stampLongTermSuccess(t);
    expect(store.isTrusted(t + DEVICE_TRUST_MS)).toBe(true);
    expect(store.isTrusted(t + DEVICE_TRUST_MS + 1)).toBe(false);
    expect(store.isTrusted(t - 1)).toBe(false); // stamped in the future: clock went backwards
    store.stampRecentRegistration(t);
    expect(store.hasRecentRegistration(t + RECENT_REGISTRATION_MS)).toBe(true);
    expect(store.hasRecentRegistration(t + RECENT_REGISTRATION_MS + 1)).toBe(false);
  });

  it('is safe when storage throws or is missing', () => {
    for (const storage of [throwing, null]) {
      const store = createDeviceStore({ local: storage, session: storage });
      expect(() => {
        store.setUserHandle('abc');
        store.setHasCredentials(true);
        store.stampLongTermSuccess(1);
        store.stampRecentRegistration(1);
        store.clearPasskey();
      }).not.toThrow();
      expect(store.getUserHandle()).toBeNull();
      expect(store.hasCredentials()).toBe(false);
      expect(store.isTrusted(1)).toBe(false);
      expect(store.hasRecentRegistration(1)).toBe(false);
    }
  });

  it('uses window storage by default', () => {
    window.localStorage.clear();
    createDeviceStore().setUserHandle('fromwindow');
    expect(window.localStorage.getItem(DEVICE_STORAGE_KEYS.userHandle)).toBe('fromwindow');
    window.localStorage.clear();
  });
});
