import type { AlignedData } from 'uplot';

/** One line of a time chart: its name and a value per day. */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** The x value of a venue day: noon UTC of that date, in seconds (uPlot's time unit). */
export const dayToX = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

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
