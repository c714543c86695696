import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAROUSEL_TIMING,
  autoplayIntervalMs,
  createAutoplayScheduler,
  eagerImageCount,
  isConstrained,
  isSlowConnection,
} from './carousel-timing';
import type { AutoplayScheduler, CarouselEnvironment } from './carousel-timing';

const desktop: CarouselEnvironment = { viewportWidth: 1280, reducedMotion: false, effectiveType: '4g' };
const mobile: CarouselEnvironment = { ...desktop, viewportWidth: 390 };
const slow: CarouselEnvironment = { ...desktop, effectiveType: '2g' };

describe('carousel timing rules', () => {
  it('uses 4 s on desktop and 6 s on mobile (< 768 px) or slow connections', () => {
    expect(autoplayIntervalMs(desktop)).toBe(4000);
    expect(autoplayIntervalMs({ ...desktop, viewportWidth: 768 })).toBe(4000);
    expect(autoplayIntervalMs({ ...desktop, viewportWidth: 767 })).toBe(6000);
    expect(autoplayIntervalMs(mobile)).toBe(6000);
    expect(autoplayIntervalMs(slow)).toBe(6000);
    expect(autoplayIntervalMs({ ...desktop, effectiveType: 'slow-2g' })).toBe(6000);
    expect(autoplayIntervalMs({ ...desktop, effectiveType: '3g' })).toBe(4000);
    expect(autoplayIntervalMs({ ...desktop, saveData: true })).toBe(6000);
  });

  it('recognises slow connections', () => {
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ saveData: true })).toBe(true);
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
    expect(isConstrained(desktop)).toBe(false);
  });

  it('loads only 2 images eagerly on mobile or slow connections, all on desktop', () => {
    expect(eagerImageCount(mobile, 4)).toBe(2);
    expect(eagerImageCount(slow, 4)).toBe(2);
    expect(eagerImageCount(mobile, 1)).toBe(1);
    expect(eagerImageCount(desktop, 4)).toBe(4);
    expect(CAROUSEL_TIMING.deferredImagesDelayMs).toBe(1000);
  });
});

describe('createAutoplayScheduler', () => {
  let scheduler: AutoplayScheduler | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    scheduler?.destroy();
    scheduler = undefined;
    vi.useRealTimers();
  });

  const start = (env: CarouselEnvironment, pageLoaded = true) => {
    const onAdvance = vi.fn();
    const onChange = vi.fn();
    scheduler = createAutoplayScheduler({ env, onAdvance, onChange, pageLoaded });
    return { onAdvance, onChange, s: scheduler };
  };

  it('desktop: first advance 4 s after the 2 s start timeout, then every 4 s', () => {
    const { onAdvance, s } = start(desktop);
    vi.advanceTimersByTime(1999);
    expect(s.state().ready).toBe(false);
    vi.advanceTimersByTime(1);
    expect(s.state()).toMatchObject({ ready: true, playing: true });
    vi.advanceTimersByTime(3999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4000 * 3);
    expect(onAdvance).toHaveBeenCalledTimes(4);
  });

  it('mobile: every 6 s', () => {
    const { onAdvance } = start(mobile);
    vi.advanceTimersByTime(2000 + 5999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(6000);
    expect(onAdvance).toHaveBeenCalledTimes(2);
  });

  it('slow connection: every 6 s', () => {
    const { onAdvance } = start(slow);
    vi.advanceTimersByTime(2000 + 4000);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('waits for window load, then starts 1 s after it (load later than the start timeout)', () => {
    const { onAdvance, s } = start(desktop, false);
    vi.advanceTimersByTime(10_000);
    expect(s.state().ready).toBe(false);
    expect(onAdvance).not.toHaveBeenCalled();
    s.pageLoaded();
    vi.advanceTimersByTime(999);
    expect(s.state().ready).toBe(false);
    vi.advanceTimersByTime(1);
    expect(s.state()).toMatchObject({ ready: true, playing: true });
    vi.advanceTimersByTime(4000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('keeps the 2 s start timeout when the page loads early', () => {
    const { s } = start(desktop, false);
    vi.advanceTimersByTime(200);
    s.pageLoaded();
    vi.advanceTimersByTime(1000);
    expect(s.state().ready).toBe(false); // load + 1 s passed, start timeout not yet
    vi.advanceTimersByTime(800);
    expect(s.state().ready).toBe(true);
  });

  it('reduced motion: never autoplays unless the visitor presses play', () => {
    const { onAdvance, s } = start({ ...desktop, reducedMotion: true });
    vi.advanceTimersByTime(60_000);
    expect(onAdvance).not.toHaveBeenCalled();
    expect(s.state()).toMatchObject({ ready: true, playing: false, enabled: false, reducedMotion: true });
    s.resume('user');
    expect(s.state()).toMatchObject({ playing: true, enabled: true });
    vi.advanceTimersByTime(4000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    s.pause('user');
    vi.advanceTimersByTime(60_000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('pauses on hover and focus; resuming waits a full interval', () => {
    const { onAdvance, onChange, s } = start(desktop);
    vi.advanceTimersByTime(2000 + 3000);
    s.pause('hover');
    expect(s.state()).toMatchObject({ playing: false, paused: ['hover'] });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ playing: false }));
    s.pause('focus');
    vi.advanceTimersByTime(20_000);
    expect(onAdvance).not.toHaveBeenCalled();
    s.resume('hover');
    vi.advanceTimersByTime(20_000);
    expect(onAdvance).not.toHaveBeenCalled(); // still focused
    s.resume('focus');
    vi.advanceTimersByTime(3999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('the pause button stops autoplay until play is pressed', () => {
    const { onAdvance, s } = start(desktop);
    vi.advanceTimersByTime(2000);
    s.pause('user');
    expect(s.state()).toMatchObject({ playing: false, enabled: false, paused: ['user'] });
    vi.advanceTimersByTime(30_000);
    expect(onAdvance).not.toHaveBeenCalled();
    s.resume('user');
    vi.advanceTimersByTime(4000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('restart() after manual navigation waits a full interval again', () => {
    const { onAdvance, s } = start(desktop);
    vi.advanceTimersByTime(2000 + 3500);
    s.restart();
    vi.advanceTimersByTime(3999);
    expect(onAdvance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onAdvance).toHaveBeenCalledTimes(1);
  });

  it('applies a new environment from the next interval', () => {
    const { onAdvance, s } = start(desktop);
    vi.advanceTimersByTime(2000);
    s.setEnv(mobile);
    vi.advanceTimersByTime(4000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4000);
    expect(onAdvance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(onAdvance).toHaveBeenCalledTimes(2);
  });

  it('destroy() clears every timer', () => {
    const { onAdvance, s } = start(desktop, false);
    s.pageLoaded();
    s.destroy();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(onAdvance).not.toHaveBeenCalled();
  });
});
