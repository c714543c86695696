import { useState } from 'react';
import type { AnalyticsCount, AnalyticsOverview } from '@croft/contracts';
import { useOverview } from './api/get-overview';
import { DataTable, type Column } from './data-table';
import { change, count, duration, percent } from './format';
import { KpiCards, type Kpi } from './kpi-cards';
import { LoadProblem, Loading } from './query-state';
import { initialRange, RangePicker, type RangeChoice } from './range-picker';
import { rangeInWords } from './range';
import { TimeChart } from './time-chart';

const countColumns = (name: string): Column<AnalyticsCount>[] => [
  { label: name, value: (r) => r.name },
  { label: 'Sessions', value: (r) => r.count, render: (r) => count(r.count), numeric: true },
];

function kpis(o: AnalyticsOverview): Kpi[] {
  const t = o.totals;
  const p = o.previous_totals;
  return [
    { label: 'Visitors', value: count(t.visitors), change: change(t.visitors, p.visitors), previous: count(p.visitors) },
    { label: 'Sessions', value: count(t.sessions), change: change(t.sessions, p.sessions), previous: count(p.sessions) },
    { label: 'Page views', value: count(t.page_views), change: change(t.page_views, p.page_views), previous: count(p.page_views) },
    { label: 'Bounce rate', value: percent(t.bounce_rate), change: change(t.bounce_rate, p.bounce_rate, 'points'), previous: percent(p.bounce_rate) },
    { label: 'Average time on a page', value: duration(t.avg_time_seconds), change: change(t.avg_time_seconds, p.avg_time_seconds), previous: duration(p.avg_time_seconds) },
  ];
}

function Overview({ data }: { data: AnalyticsOverview }) {
  const range = data.range;
  const csv = { range };
  const nothing = data.totals.page_views === 0 && data.totals.sessions === 0;
  return (
    <>
      <section className="an-section" aria-labelledby="an-site-totals">
        <h2 id="an-site-totals">Visits</h2>
        <p className="an-muted">
          {rangeInWords(range)}, compared with {rangeInWords(data.previous_range)}.
        </p>
        {nothing && <p className="an-empty">No visits in this range yet.</p>}
        <KpiCards label="Totals for the range" items={kpis(data)} />
        {!nothing && (
          <TimeChart
            title="Visitors, sessions and page views per day"
            days={data.series.map((p) => p.day)}
            series={[
              { label: 'Visitors', values: data.series.map((p) => p.visitors) },
              { label: 'Sessions', values: data.series.map((p) => p.sessions) },
              { label: 'Page views', values: data.series.map((p) => p.page_views) },
            ]}
          />
        )}
      </section>
      <section className="an-section" aria-labelledby="an-site-pages">
        <h2 id="an-site-pages">Pages</h2>
        <div className="an-grid">
          <DataTable
            caption="Top pages"
            csv={csv}
            empty="No page views in this range yet."
            rows={data.top_pages}
            columns={[
              { label: 'Page', value: (r) => r.path },
              { label: 'Views', value: (r) => r.views, render: (r) => count(r.views), numeric: true },
              { label: 'Average time', value: (r) => r.avg_time_seconds, render: (r) => duration(r.avg_time_seconds), numeric: true },
              { label: 'Bounce rate', value: (r) => r.bounce_rate, render: (r) => percent(r.bounce_rate), numeric: true },
            ]}
          />
          <DataTable caption="Entry pages" csv={csv} empty="No visits in this range yet." rows={data.entry_pages} columns={countColumns('Page')} />
          <DataTable caption="Exit pages" csv={csv} empty="No visits in this range yet." rows={data.exit_pages} columns={countColumns('Page')} />
        </div>
      </section>
      <section className="an-section" aria-labelledby="an-site-sources">
        <h2 id="an-site-sources">Where they came from, and on what</h2>
        <div className="an-grid">
          <DataTable caption="Referrers" csv={csv} empty="No visits in this range yet." rows={data.referrers} columns={countColumns('Referrer')} />
          <DataTable caption="Devices" csv={csv} empty="No visits in this range yet." rows={data.devices} columns={countColumns('Device')} />
          <DataTable caption="Browsers" csv={csv} empty="No visits in this range yet." rows={data.browsers} columns={countColumns('Browser')} />
        </div>
      </section>
      <section className="an-section" aria-labelledby="an-site-moves">
        <h2 id="an-site-moves">Journeys and presses</h2>
        <div className="an-grid">
          <DataTable
            caption="Journeys"
            csv={csv}
            empty="No moves between pages in this range yet."
            rowHeader={false}
            rows={data.journeys}
            columns={[
              { label: 'From', value: (r) => r.from },
              { label: 'To', value: (r) => r.to },
              { label: 'Times', value: (r) => r.count, render: (r) => count(r.count), numeric: true },
            ]}
          />
          <DataTable
            caption="Most pressed buttons, per page"
            csv={csv}
            empty="No presses in this range yet."
            rowHeader={false}
            rows={data.top_presses}
            columns={[
              { label: 'Page', value: (r) => r.page_path },
              { label: 'Button or link', value: (r) => r.element },
              { label: 'Presses', value: (r) => r.count, render: (r) => count(r.count), numeric: true },
            ]}
          />
        </div>
      </section>
    </>
  );
}

/**
 * The site dashboard: visitors, sessions, page views, bounce rate and average time for a range
 * with the change on the previous period, a chart per day, and the breakdowns.
 */
export function SiteDashboard() {
  const [choice, setChoice] = useState<RangeChoice>(() => initialRange());
  const overview = useOverview(choice.range);
  const updating = overview.isFetching && overview.isPlaceholderData;
  return (
    <div className="an-screen" aria-busy={updating || undefined}>
      <RangePicker value={choice} onChange={setChoice} />
      <p role="status" className="an-status">
        {overview.isPending ? '' : updating ? `Loading ${rangeInWords(choice.range)}…` : overview.isSuccess ? `Showing ${rangeInWords(overview.data.range)}.` : ''}
      </p>
      {overview.isPending ? (
        <Loading label="Loading the site analytics" />
      ) : overview.isError ? (
        <LoadProblem what="the site analytics" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <div className={updating ? 'an-stale' : undefined}>
          <Overview data={overview.data} />
        </div>
      )}
    </div>
  );
}
