import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { SevenGesture } from '../core/seven-gesture';
import './secret-seven.css';

export interface SecretSevenTrailProps {
  /** The gesture to draw (from useSecretSeven). */
  gesture: SevenGesture;
  /** Where the fixed-position SVG goes; default document.body (so no transformed ancestor shifts it). */
  container?: Element | null;
}

/**
 * The visible trail of a secret "7": a fixed SVG polyline in viewport coordinates, shown from the
 * drawing state on (so clicks and short drags never flash a line), fading out after the stroke
 * ends — no fade under prefers-reduced-motion. Decorative: aria-hidden and pointer-events none.
 */
export function SecretSevenTrail({ gesture, container }: SecretSevenTrailProps) {
  const points = useSyncExternalStore(gesture.subscribe, gesture.getPoints, gesture.getPoints);
  const { state } = useSyncExternalStore(gesture.subscribe, gesture.getSnapshot, gesture.getSnapshot);
  if (state === 'idle' || points.length === 0) return null;
  const target = container ?? (typeof document === 'undefined' ? null : document.body);
  if (!target) return null;
  const line = points.map((p) => `${p.x},${p.y}`).join(' ');
  return createPortal(
    <svg
      className={`cc-seven-trail cc-seven-trail--${state}`}
      data-testid="secret-seven-trail"
      aria-hidden="true"
      focusable="false"
    >
      <polyline className="cc-seven-trail__halo" points={line} />
      <polyline className="cc-seven-trail__line" points={line} />
    </svg>,
    target,
  );
}
