import { describe, expect, it } from 'vitest';
import { rollDie, SECRET_SERVES } from './secret-serves';

describe('rollDie', () => {
  it.each([
    [0, 1],
    [0.1666, 1],
    [0.17, 2],
    [0.5, 4],
    [0.84, 6],
    [0.9999, 6],
  ])('random %s → face %s and its serve', (r, face) => {
    const roll = rollDie(() => r);
    expect(roll.face).toBe(face);
    expect(roll.serve).toBe(SECRET_SERVES[face - 1]);
  });

  it('six different serves, each with a spirit and what is in it', () => {
    expect(new Set(SECRET_SERVES.map((s) => s.name)).size).toBe(6);
    for (const serve of SECRET_SERVES) {
      expect(serve.spirit.length).toBeGreaterThan(2);
      expect(serve.build.length).toBeGreaterThan(20);
    }
  });

  it.each([1, -0.1, Number.NaN, 2])('refuses random() = %s', (bad) => {
    expect(() => rollDie(() => bad)).toThrow(/must return a number in \[0, 1\)/);
  });
});
