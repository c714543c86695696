import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import {
  createSevenGesture,
  type SevenGesture,
  type SevenGestureSnapshot,
} from '../core/seven-gesture';

export type SevenVia = 'pointer' | 'keyboard';

/**
 * Set to "ready" on the element listening for the 7 (the document element when the whole page
 * listens) while the hook listens, and removed when it stops.
 */
export const SECRET_SEVEN_READY_ATTRIBUTE = 'data-secret-seven';

export interface UseSecretSevenOptions {
  /** Called once for every recognised 7, drawn or typed. */
  onSeven: (via: SevenVia) => void;
  /** Listen at all (default true). When false, any running attempt is dropped. */
  enabled?: boolean;
  /**
   * The element to draw over (a page's main content), read when the hook (re)subscribes, i.e. on
   * mount and when enabled/targetRef/touchAction change. Without one, strokes are taken from the
   * whole document. Pointer downs inside form fields, contenteditable and
   * `[data-secret-seven-ignore]` never start a stroke.
   */
  targetRef?: RefObject<HTMLElement | null>;
  /** Pressing "7" (no Ctrl/Alt/Meta, not a repeat) while no field is focused counts (default true). */
  keyboard?: boolean;
  /**
   * CSS touch-action put on the target element while enabled (never on the document), so a
   * finger can draw the 7's top stroke while vertical scrolling and pinch-zoom keep working.
   * Default 'pan-y pinch-zoom'; false leaves the element's own value alone.
   */
  touchAction?: string | false;
  /** Every change of state (idle, drawing, complete, failed), e.g. to announce it. */
  onStateChange?: (snapshot: SevenGestureSnapshot) => void;
}

export interface UseSecretSeven extends SevenGestureSnapshot {
  /** The state machine behind the hook: pass it to <SecretSevenTrail>. */
  gesture: SevenGesture;
}

/** True when a key press is text entry: the event's target or the focused element is a field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const candidates = [target, typeof document === 'undefined' ? null : document.activeElement];
  return candidates.some(
    (el) =>
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement ||
      (el instanceof HTMLElement && el.isContentEditable),
  );
}

function startsInIgnoredElement(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [data-secret-seven-ignore]') !== null;
}

function selectionIsEmpty(): boolean {
  const selection = typeof window.getSelection === 'function' ? window.getSelection() : null;
  return !selection || selection.isCollapsed;
}

/**
 * The secret "7" (spec 001 §4/§5/§9) for a React page: draws from mouse, touch and pen pointer
 * events, plus the "7" key as the keyboard equivalent. Listeners are passive and nothing calls
 * preventDefault, so scrolling, links and text selection keep working; a text selection made
 * by the stroke itself is cleared when the stroke turns out to be a 7.
 */
export function useSecretSeven(options: UseSecretSevenOptions): UseSecretSeven {
  const { enabled = true, targetRef, keyboard = true, touchAction = 'pan-y pinch-zoom' } = options;
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });

  const [gesture] = useState(() =>
    createSevenGesture({
      onComplete: (via) => callbacks.current.onSeven(via),
      onStateChange: (snapshot) => callbacks.current.onStateChange?.(snapshot),
    }),
  );
  const snapshot = useSyncExternalStore(gesture.subscribe, gesture.getSnapshot, gesture.getSnapshot);

  // Pointer strokes.
  useEffect(() => {
    if (!enabled) return;
    const element = targetRef?.current ?? null;
    // A target that is not mounted yet means "nowhere", never "the whole page".
    if (targetRef && !element) return;
    const root: HTMLElement | Document = element ?? document;
    let pointerId: number | null = null;
    let selectionWasEmpty = true;

    const previousTouchAction = element?.style.touchAction ?? '';
    if (element && touchAction !== false) element.style.touchAction = touchAction;
    // Says the 7 can be drawn here now (a prerendered page is on screen before its script
    // listens): tools and tests wait for it instead of guessing.
    const marked = element ?? document.documentElement;
    marked.setAttribute(SECRET_SEVEN_READY_ATTRIBUTE, 'ready');

    const stopTracking = () => {
      pointerId = null;
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      const samples = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
      for (const sample of samples.length > 0 ? samples : [event]) {
        gesture.move({ x: sample.clientX, y: sample.clientY });
      }
    };
    const onUp = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      stopTracking();
      gesture.end({ x: event.clientX, y: event.clientY });
      if (gesture.getSnapshot().state === 'complete' && selectionWasEmpty && !selectionIsEmpty()) {
        window.getSelection()?.removeAllRanges();
      }
    };
    const onCancel = (event: PointerEvent) => {
      if (event.pointerId !== pointerId) return;
      stopTracking();
      gesture.cancel();
    };
    const onDown = (event: PointerEvent) => {
      if (!event.isPrimary) {
        // A second finger: a pinch or a two-finger scroll, not a 7.
        if (pointerId !== null) {
          stopTracking();
          gesture.cancel();
        }
        return;
      }
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      if (startsInIgnoredElement(event.target)) return;
      stopTracking();
      pointerId = event.pointerId;
      selectionWasEmpty = selectionIsEmpty();
      gesture.start({ x: event.clientX, y: event.clientY });
      window.addEventListener('pointermove', onMove, { passive: true });
      window.addEventListener('pointerup', onUp, { passive: true });
      window.addEventListener('pointercancel', onCancel, { passive: true });
    };

    root.addEventListener('pointerdown', onDown as EventListener, { passive: true });
    return () => {
      root.removeEventListener('pointerdown', onDown as EventListener);
      stopTracking();
      gesture.reset();
      marked.removeAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
      if (element && touchAction !== false) element.style.touchAction = previousTouchAction;
    };
  }, [enabled, targetRef, touchAction, gesture]);

  // Keyboard equivalent.
  useEffect(() => {
    if (!enabled || !keyboard) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '7' || event.repeat || event.isComposing || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // The 7 is used up here: if the page opens a form in response (sign-in), the key's
      // character must not land in the field that just took focus.
      event.preventDefault();
      gesture.completeFromKeyboard();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, keyboard, gesture]);

  return { ...snapshot, gesture };
}
