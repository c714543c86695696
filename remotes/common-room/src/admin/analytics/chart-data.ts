import type { AlignedData } from 'uplot';

/** One line of a time chart: its name and a value per day. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** The x value of a venue day: noon UTC of that date, in seconds (uPlot's time unit). */
export const dayToX = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/** The venue day an x value stands for (the inverse of dayToX). */
export const xToDay = (x: number) => new Date(x * 1000).toISOString().slice(0, 10);

/**
 * Where the time axis puts its labels: on days only (a daily chart has no hours to show), every
 * day when they fit, else every k-th day counted back from the last, so the newest is labelled.
 */
export function dayTicks(days: readonly string[], most = 8): number[] {
  const step = Math.max(1, Math.ceil(days.length / most));
  const out: number[] = [];
  for (let i = days.length - 1; i >= 0; i -= step) out.unshift(dayToX(days[i]));
  return out;
}

/** The chart's data as uPlot takes it: the days, then each series' values in the same order. */
export function toAlignedData(days: readonly string[], series: readonly ChartSeries[]): AlignedData {
  return [days.map(dayToX), ...series.map((s) => [...s.values])];
}

/** One line summarising a chart for screen readers: 'Visitors: 2,345 in all, most on 21 Nov (420).' */
export function seriesSummary(days: readonly string[], series: ChartSeries, dayLabel: (day: string) => string): string {
  const format = new Intl.NumberFormat('en-GB');
  const total = series.values.reduce((a, b) => a + b, 0);
  if (total === 0) return `${series.label}: none.`;
  let best = 0;
  series.values.forEach((v, i) => {
    if (v > series.values[best]) best = i;
  });
  return `${series.label}: ${format.format(total)} in all, most on ${dayLabel(days[best])} (${format.format(series.values[best])}).`;
}
