import { useEffect, useId, useRef, useState } from 'react';
import { VisuallyHidden } from '@croft/ui';
import { dayTicks, seriesSummary, toAlignedData, xToDay, type ChartSeries } from './chart-data';
import { shortDayInWords } from './range';
import { count } from './format';
// uPlot's layout rules (1.6 KB), in this module's CSS chunk only; the library itself is loaded on demand below.
import 'uplot/dist/uPlot.min.css';

// Lines told apart by dash as well as colour (never colour alone); black, the common room's
// deeper sage, and grey all reach 3:1 against white.
const STROKES = [
  { stroke: '#000000', dash: undefined },
  { stroke: '#3d6b3d', dash: [8, 4] },
  { stroke: '#6b6b6b', dash: [2, 3] },
];

export interface TimeChartProps {
  /** The chart's name (its figure caption). */
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
}

/** Whether this browser can draw on a canvas (jsdom cannot: only the text alternative shows). */
function canDraw(): boolean {
  try {
    return typeof document !== 'undefined' && !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

/**
 * A line chart of daily figures, drawn with uPlot, which this module imports on demand (it is
 * never in a visitor's bundle, nor in the staff area until a chart is shown). The canvas is hidden
 * from assistive technology; the figure carries a one-line summary per series and a table of every
 * day's numbers in a <details>. uPlot draws without animation, so reduced motion is respected.
 */
export function TimeChart({ title, days, series }: TimeChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const captionId = useId();
  const key = JSON.stringify([days, series]);

  useEffect(() => {
    const element = holder.current;
    if (!element || days.length === 0 || !canDraw()) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const height = 240;
    void import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 280);
        plot = new UPlot(
          {
            width,
            height,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Europe/London'),
            legend: { show: true, live: false },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
            axes: [
              // labelled on days, never hours: each point is a whole venue day
              { stroke: '#000000', grid: { stroke: '#e6e6e6' }, splits: () => dayTicks(days), values: (_u, ticks) => ticks.map((t) => shortDayInWords(xToDay(t))) },
              { stroke: '#000000', grid: { stroke: '#e6e6e6' }, values: (_u, ticks) => ticks.map((t) => count(t)) },
            ],
            series: [{}, ...series.map((s, i) => ({ label: s.label, width: 2, ...STROKES[i % STROKES.length], points: { show: days.length <= 31 } }))],
          },
          toAlignedData(days, series),
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          // Resized on the next frame and only when the width changed, so resizing never loops.
          let drawnWidth = width;
          observer = new ResizeObserver(() =>
            requestAnimationFrame(() => {
              const next = Math.max(element.clientWidth, 280);
              if (cancelled || next === drawnWidth) return;
              drawnWidth = next;
              plot?.setSize({ width: next, height });
            }),
          );
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
    // The chart is remade when its data changes (key), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <figure className="an-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="an-chart__caption">
        {title}
      </figcaption>
      <div ref={holder} className="an-chart__canvas" aria-hidden="true" />
      {failed && <p className="an-muted">The chart did not load; the numbers are in the table below.</p>}
      <VisuallyHidden>
        <ul>
          {series.map((s) => (
            <li key={s.label}>{seriesSummary(days, s, shortDayInWords)}</li>
          ))}
        </ul>
      </VisuallyHidden>
      <details className="an-chart__data">
        <summary>Show the numbers</summary>
        <div className="an-table-wrap" role="region" aria-label={`${title}: the numbers`} tabIndex={0}>
          <table className="an-table">
            <caption>{title}, per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="an-num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{shortDayInWords(day)}</th>
                  {series.map((s) => (
                    <td key={s.label} className="an-num">
                      {count(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
