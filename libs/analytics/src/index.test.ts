import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_OPT_OUT_KEY, ANALYTICS_SESSION_KEY } from '@croft/contracts';
import {
  ANALYTICS_GESTURE_EVENT,
  ANALYTICS_STOP_EVENT,
  analyticsSignals,
  isAnalyticsAllowed,
  markGestureNavigation,
  setAnalyticsOptOut,
  whenIdle,
} from './index';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'doNotTrack');
  Reflect.deleteProperty(navigator, 'globalPrivacyControl');
  Reflect.deleteProperty(navigator, 'webdriver');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('isAnalyticsAllowed', () => {
  it('allowed by default; not under Do Not Track, Global Privacy Control or the opt-out', () => {
    expect(isAnalyticsAllowed()).toBe(true);
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    expect(analyticsSignals()).toEqual({ doNotTrack: true, globalPrivacyControl: false, optedOut: false, automated: false });
    expect(isAnalyticsAllowed()).toBe(false);
    Object.defineProperty(navigator, 'doNotTrack', { value: '0', configurable: true });
    expect(isAnalyticsAllowed()).toBe(true);
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    expect(isAnalyticsAllowed()).toBe(false);
    Reflect.deleteProperty(navigator, 'globalPrivacyControl');
    localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
    expect(isAnalyticsAllowed()).toBe(false);
  });

  it('not in a browser driven by automation (navigator.webdriver): tests and headless crawlers are not visitors', () => {
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    expect(analyticsSignals().automated).toBe(true);
    expect(isAnalyticsAllowed()).toBe(false);
    Object.defineProperty(navigator, 'webdriver', { value: false, configurable: true });
    expect(isAnalyticsAllowed()).toBe(true);
  });

  it('blocked storage counts as opted out (the choice cannot be read)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(isAnalyticsAllowed()).toBe(false);
  });
});

describe('setAnalyticsOptOut', () => {
  it('off: stores the choice, forgets the tab’s session id and tells a running tracker to stop; on: removes the choice', () => {
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'a'.repeat(32));
    const stop = vi.fn();
    window.addEventListener(ANALYTICS_STOP_EVENT, stop);
    expect(setAnalyticsOptOut(true)).toBe(true);
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBe('1');
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBeNull();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(setAnalyticsOptOut(false)).toBe(true);
    expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBeNull();
    expect(stop).toHaveBeenCalledTimes(1);
    window.removeEventListener(ANALYTICS_STOP_EVENT, stop);
  });

  it('says so when the choice cannot be stored (and still stops the tracker)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const stop = vi.fn();
    window.addEventListener(ANALYTICS_STOP_EVENT, stop);
    expect(setAnalyticsOptOut(true)).toBe(false);
    expect(stop).toHaveBeenCalledTimes(1);
    window.removeEventListener(ANALYTICS_STOP_EVENT, stop);
  });
});

describe('markGestureNavigation', () => {
  it('announces the gesture on window (the tracker may be another bundle’s copy)', () => {
    const heard = vi.fn();
    window.addEventListener(ANALYTICS_GESTURE_EVENT, heard);
    markGestureNavigation();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(ANALYTICS_GESTURE_EVENT, heard);
  });
});

describe('whenIdle', () => {
  it('uses requestIdleCallback with the timeout, and can be cancelled', () => {
    const cancel = vi.fn();
    let run: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (task: () => void, options: { timeout: number }) => {
      expect(options).toEqual({ timeout: 2000 });
      run = task;
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', cancel);
    const task = vi.fn();
    const stop = whenIdle(task, 2000);
    run!();
    expect(task).toHaveBeenCalledTimes(1);
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('without requestIdleCallback: runs after the timeout', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, 2000);
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled, 2000)();
    vi.advanceTimersByTime(5000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
