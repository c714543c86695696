import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTransitionController } from './transition-controller';
import { REDUCED_MOTION_LOGO_MS, TRANSITION_MS, transitionSchedule } from './overlay-timings';

describe('transition controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(reduced = false) {
    const navigate = vi.fn();
    const preload = vi.fn();
    const controller = createTransitionController({ navigate, reducedMotion: () => reduced, preload });
    return { controller, navigate, preload };
  }

  it('soft: shows the preview and logo 900 ms, navigates, fades 600 ms, resets 200 ms later', () => {
    const { controller, navigate, preload } = setup();
    expect(controller.start('/beer', { variant: 'soft', preview: 'beer-1' })).toBe(true);
    expect(preload).toHaveBeenCalledWith('beer-1');
    expect(controller.getState()).toMatchObject({ visible: true, target: '/beer', phase: 'soft-logo', preview: 'beer-1', leaving: false });
    vi.advanceTimersByTime(TRANSITION_MS.softLogo - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/beer');
    expect(controller.getState().leaving).toBe(false);
    vi.advanceTimersByTime(TRANSITION_MS.hide);
    expect(controller.getState()).toMatchObject({ visible: true, leaving: true });
    vi.advanceTimersByTime(TRANSITION_MS.reset);
    expect(controller.getState()).toMatchObject({ visible: false, target: null, preview: null, phase: 'idle' });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('strobe: strobes 500 ms, shows the logo 900 ms, then navigates', () => {
    const { controller, navigate } = setup();
    controller.start('/', { variant: 'strobe' });
    expect(controller.getState().phase).toBe('strobe');
    vi.advanceTimersByTime(TRANSITION_MS.strobe);
    expect(controller.getState().phase).toBe('logo');
    vi.advanceTimersByTime(TRANSITION_MS.logo - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('reduced motion: no strobe; the logo shows for a fixed time, then navigates and hides at once', () => {
    const { controller, navigate } = setup(true);
    controller.start('/cafe', { variant: 'strobe', preview: 'cafe-1' });
    expect(controller.getState().phase).toBe('soft-logo');
    vi.advanceTimersByTime(REDUCED_MOTION_LOGO_MS);
    expect(navigate).toHaveBeenCalledWith('/cafe');
    expect(controller.getState().leaving).toBe(true);
    expect(transitionSchedule('soft', true).steps.every((s) => s.at <= REDUCED_MOTION_LOGO_MS + TRANSITION_MS.reset)).toBe(true);
  });

  it('ignores a second start while one runs (a double click navigates once)', () => {
    const { controller, navigate } = setup();
    controller.start('/beer', { preview: 'beer-1' });
    expect(controller.start('/cafe', { preview: 'cafe-1' })).toBe(false);
    vi.runAllTimers();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/beer');
    // idle again: the next one runs
    expect(controller.start('/cafe')).toBe(true);
  });

  it('dispose cancels a running transition', () => {
    const { controller, navigate } = setup();
    controller.start('/beer');
    controller.dispose();
    vi.runAllTimers();
    expect(navigate).not.toHaveBeenCalled();
  });
});
