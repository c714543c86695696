import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { IDLE_LOAD_MS, NEAR_VIEWPORT_MARGIN, useNearViewport } from './use-near-viewport';

/** An IntersectionObserver the test drives: the last one made, its options and its target. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  cross(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

const element = { current: document.createElement('div') };

beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.last = undefined;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('is false until the element comes within the margin below the viewport, then true and stops watching', () => {
    const { result } = renderHook(() => useNearViewport(element, () => {}));
    expect(result.current).toBe(false);
    const observer = FakeObserver.last!;
    expect(observer.targets).toEqual([element.current]);
    expect(observer.options?.rootMargin).toBe(`0px 0px ${NEAR_VIEWPORT_MARGIN} 0px`);
    act(() => observer.cross(false));
    expect(result.current).toBe(false);
    act(() => observer.cross(true));
    expect(result.current).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('runs onIdle once the page has sat idle, which may warm a chunk up or count as near', () => {
    const warm = vi.fn();
    const warming = renderHook(() => useNearViewport(element, warm));
    act(() => void vi.advanceTimersByTime(IDLE_LOAD_MS - 1));
    expect(warm).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(warm).toHaveBeenCalledTimes(1);
    expect(warming.result.current).toBe(false);

    const loading = renderHook(() => useNearViewport(element, (near) => near()));
    act(() => void vi.advanceTimersByTime(IDLE_LOAD_MS));
    expect(loading.result.current).toBe(true);
  });

  it('counts as near at once where IntersectionObserver is missing, and forgets its timer when unmounted', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(renderHook(() => useNearViewport(element, () => {})).result.current).toBe(true);
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const idle = vi.fn();
    const { unmount } = renderHook(() => useNearViewport(element, idle));
    unmount();
    act(() => void vi.advanceTimersByTime(IDLE_LOAD_MS));
    expect(idle).not.toHaveBeenCalled();
  });
});
