import { describe, expect, it } from 'vitest';
import { findCorner, recogniseSeven, type GesturePoint } from './recognise-seven';
import {
  goodSevenMouse,
  goodSevenPenSmall,
  goodSevenTouchLarge,
  mirroredSeven,
  one,
  reversedStroke,
  shortTopLine,
  slowSeven,
  tooFewPoints,
} from './recorded-strokes';

/** Evenly spaced points along straight segments, 16 ms apart, without jitter: for exact limits. */
function polyline(corners: [number, number][], perSegment = 8): GesturePoint[] {
  const pts: GesturePoint[] = [{ x: corners[0][0], y: corners[0][1], t: 0 }];
  for (let s = 1; s < corners.length; s += 1) {
    const [x0, y0] = corners[s - 1];
    const [x1, y1] = corners[s];
    for (let i = 1; i <= perSegment; i += 1) {
      const f = i / perSegment;
      pts.push({ x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f, t: pts.length * 16 });
    }
  }
  return pts;
}

describe('recogniseSeven — recorded strokes', () => {
  it.each([
    ['a mouse 7', goodSevenMouse],
    ['a large, slow touch 7 with an overshoot', goodSevenTouchLarge],
    ['a small, fast pen 7 near the limits', goodSevenPenSmall],
  ])('matches %s', (_name, stroke) => {
    expect(recogniseSeven(stroke)).toMatchObject({ matched: true });
  });

  it('finds the corner at the top right of a 7', () => {
    const corner = findCorner(goodSevenMouse);
    const p = goodSevenMouse[corner];
    expect(p.x).toBeGreaterThan(225);
    expect(p.y).toBeLessThan(110);
  });

  it.each([
    ['a too-short top line', shortTopLine, 'top_too_short'],
    ['a reversed stroke (drawn from the foot up and then left)', reversedStroke, 'top_not_horizontal'],
    ['a mirrored 7 (top drawn right to left)', mirroredSeven, 'top_too_short'],
    ['a "1"', one, 'top_too_short'],
    ['too few points', tooFewPoints, 'too_few_points'],
    ['a 7 that took longer than 8 s', slowSeven, 'timeout'],
  ])('rejects %s', (_name, stroke, reason) => {
    expect(recogniseSeven(stroke)).toMatchObject({ matched: false, reason });
  });

  it('rejects a horizontal line alone and a diagonal alone', () => {
    expect(recogniseSeven(polyline([[0, 0], [200, 0]], 12))).toMatchObject({ reason: 'down_too_short' });
    expect(recogniseSeven(polyline([[200, 0], [100, 200]], 12))).toMatchObject({ reason: 'top_too_short' });
  });
});

describe('recogniseSeven — the limits of spec 001 §5', () => {
  it('needs 12 points: 11 fail, 12 pass', () => {
    // 1 + 5 + 6 = 12 points; dropping one interior point of the stem leaves 11
    const twelve = polyline([[0, 0], [100, 0]], 5).concat(polyline([[100, 0], [60, 100]], 6).slice(1));
    expect(twelve).toHaveLength(12);
    expect(recogniseSeven(twelve).matched).toBe(true);
    const eleven = twelve.filter((_, i) => i !== 8);
    expect(recogniseSeven(eleven)).toMatchObject({ matched: false, reason: 'too_few_points' });
  });

  it('needs a top stroke of 70 px', () => {
    expect(recogniseSeven(polyline([[0, 0], [70, 0], [30, 100]])).matched).toBe(true);
    expect(recogniseSeven(polyline([[0, 0], [69, 0], [29, 100]]))).toMatchObject({ reason: 'top_too_short' });
  });

  it('needs the top stroke to be roughly horizontal (drift at most half its length)', () => {
    expect(recogniseSeven(polyline([[0, 40], [100, 0], [60, 100]])).matched).toBe(true);
    expect(recogniseSeven(polyline([[0, 0], [100, 50], [60, 150]])).matched).toBe(true);
    expect(recogniseSeven(polyline([[0, 0], [100, 52], [60, 152]]))).toMatchObject({ reason: 'top_not_horizontal' });
  });

  it('needs the stem to go down 80 px', () => {
    expect(recogniseSeven(polyline([[0, 0], [100, 0], [60, 80]])).matched).toBe(true);
    expect(recogniseSeven(polyline([[0, 0], [100, 0], [60, 79]]))).toMatchObject({ reason: 'down_too_short' });
  });

  it('needs the stem to move 30 px to the left', () => {
    expect(recogniseSeven(polyline([[0, 0], [100, 0], [70, 120]])).matched).toBe(true);
    expect(recogniseSeven(polyline([[0, 0], [100, 0], [71, 120]]))).toMatchObject({ reason: 'down_not_left' });
    // a stem straight down, or down to the right, is not a 7
    expect(recogniseSeven(polyline([[0, 0], [100, 0], [100, 120]]))).toMatchObject({ reason: 'down_not_left' });
  });

  it('needs a stem slope |dy|/|dx| of at least 0.6', () => {
    expect(recogniseSeven(polyline([[0, 0], [200, 0], [50, 90]])).matched).toBe(true); // 90/150 = 0.6
    expect(recogniseSeven(polyline([[0, 0], [200, 0], [40, 90]]))).toMatchObject({ reason: 'down_too_flat' }); // 0.5625
  });

  it('accepts a stroke of exactly 8 s and rejects one a moment longer', () => {
    const stroke = polyline([[0, 0], [100, 0], [60, 100]]);
    const spread = (total: number) => stroke.map((p, i) => ({ ...p, t: (i * total) / (stroke.length - 1) }));
    expect(recogniseSeven(spread(8000)).matched).toBe(true);
    expect(recogniseSeven(spread(8001))).toMatchObject({ reason: 'timeout' });
  });
});

describe('recogniseSeven — bad input', () => {
  it('throws a clear TypeError for non-arrays and non-finite points', () => {
    expect(() => recogniseSeven(null as unknown as GesturePoint[])).toThrow(TypeError);
    expect(() => recogniseSeven([{ x: 1, y: Number.NaN, t: 0 }])).toThrow(/point 0 must have finite numeric/);
    expect(() => recogniseSeven([{ x: 1, y: 2 } as GesturePoint])).toThrow(TypeError);
  });

  it('returns too_few_points for an empty stroke', () => {
    expect(recogniseSeven([])).toEqual({ matched: false, reason: 'too_few_points' });
  });
});
