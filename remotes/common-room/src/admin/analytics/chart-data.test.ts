import { describe, expect, it } from 'vitest';
import { dayTicks, dayToX, toAlignedData, xToDay } from './chart-data';

const daysFrom = (first: string, n: number) => [...Array(n)].map((_, i) => xToDay(dayToX(first) + i * 86_400));

describe('chart data', () => {
  it('puts a day at noon UTC and reads it back, across the clocks going back', () => {
    for (const day of ['2026-10-24', '2026-10-25', '2026-10-26', '2026-03-29']) expect(xToDay(dayToX(day))).toBe(day);
    expect(toAlignedData(['2026-11-26', '2026-11-27'], [{ label: 'Visitors', values: [3, 5] }])).toEqual([
      [dayToX('2026-11-26'), dayToX('2026-11-27')],
      [3, 5],
    ]);
  });

  it('labels the time axis on days only: every day when they fit, else every k-th counted back from the newest', () => {
    const week = daysFrom('2026-11-21', 7);
    expect(dayTicks(week).map(xToDay)).toEqual(week);
    const month = daysFrom('2026-10-29', 30);
    const ticks = dayTicks(month).map(xToDay);
    expect(ticks.length).toBeLessThanOrEqual(8);
    expect(ticks.at(-1)).toBe('2026-11-27');
    expect(ticks).toEqual(month.filter((_, i) => (29 - i) % 4 === 0));
    expect(dayTicks([])).toEqual([]);
  });
});
