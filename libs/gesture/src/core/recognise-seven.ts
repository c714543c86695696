import {
  ATTEMPT_TIMEOUT_MS,
  MAX_HORIZONTAL_DRIFT_RATIO,
  MIN_DOWN_HORIZONTAL_PX,
  MIN_DOWN_PX,
  MIN_HORIZONTAL_PX,
  MIN_POINTS,
  MIN_SLOPE,
} from './constants';

/** One sample of a stroke: viewport coordinates in CSS px (y grows downward) and a time in ms. */
export interface GesturePoint {
  x: number;
  y: number;
  t: number;
}

/** Why a stroke is not a 7. */
export type SevenRejection =
  | 'too_few_points'
  | 'timeout'
  | 'top_too_short'
  | 'top_not_horizontal'
  | 'down_too_short'
  | 'down_not_left'
  | 'down_too_flat';

export type SevenResult =
  | { matched: true; reason?: undefined; corner: number }
  | { matched: false; reason: SevenRejection; corner?: number };

function assertPoints(points: readonly GesturePoint[]): void {
  if (!Array.isArray(points)) throw new TypeError('recogniseSeven: points must be an array of {x, y, t}');
  points.forEach((p, i) => {
    if (
      p === null ||
      typeof p !== 'object' ||
      !Number.isFinite(p.x) ||
      !Number.isFinite(p.y) ||
      !Number.isFinite(p.t)
    ) {
      throw new TypeError(`recogniseSeven: point ${i} must have finite numeric x, y and t`);
    }
  });
}

/**
 * The corner of a 7 is its top-right point: along the top stroke x grows while y stays put,
 * along the stem x shrinks while y grows, so x − y rises to the corner and falls after it.
 * Returns the first index with the largest x − y.
 */
export function findCorner(points: readonly GesturePoint[]): number {
  let best = 0;
  for (let i = 1; i < points.length; i += 1) {
    if (points[i].x - points[i].y > points[best].x - points[best].y) best = i;
  }
  return best;
}

/**
 * Decides whether one stroke is the secret "7" (spec 001 §5):
 * at least 12 points; a roughly horizontal top stroke drawn left to right of ≥ 70 px
 * (vertical drift ≤ half its length); then a stem going down ≥ 80 px while moving left ≥ 30 px,
 * with |dy| / |dx| ≥ 0.6. A stroke that took longer than 8 s (§9) is not a 7.
 *
 * Strokes drawn right to left (a reversed or mirrored 7) do not count: the top stroke must
 * run left to right and the stem must move back to the left, as a 7 is written.
 * Throws a TypeError for input that is not an array of finite {x, y, t}.
 */
export function recogniseSeven(points: readonly GesturePoint[]): SevenResult {
  assertPoints(points);
  if (points.length < MIN_POINTS) return { matched: false, reason: 'too_few_points' };

  const first = points[0];
  const last = points[points.length - 1];
  if (last.t - first.t > ATTEMPT_TIMEOUT_MS) return { matched: false, reason: 'timeout' };

  // A corner at the first point leaves no top stroke (top_too_short below); one at the last
  // point leaves no stem (down_too_short).
  const corner = findCorner(points);
  const c = points[corner];

  const topDx = c.x - first.x;
  const topDy = c.y - first.y;
  if (topDx < MIN_HORIZONTAL_PX) return { matched: false, reason: 'top_too_short', corner };
  if (Math.abs(topDy) > MAX_HORIZONTAL_DRIFT_RATIO * topDx) {
    return { matched: false, reason: 'top_not_horizontal', corner };
  }

  const down = last.y - c.y;
  const left = c.x - last.x;
  if (down < MIN_DOWN_PX) return { matched: false, reason: 'down_too_short', corner };
  if (left < MIN_DOWN_HORIZONTAL_PX) return { matched: false, reason: 'down_not_left', corner };
  if (down / left < MIN_SLOPE) return { matched: false, reason: 'down_too_flat', corner };

  return { matched: true, corner };
}
