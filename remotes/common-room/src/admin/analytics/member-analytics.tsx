import { useState } from 'react';
import type { MemberAnalytics } from '@croft/contracts';
import { useMemberAnalytics } from './api/get-member-analytics';
import { Borrowed } from './borrowed';
import { DataTable, type Column } from './data-table';
import { count } from './format';
import { KpiCards } from './kpi-cards';
import { LoadProblem, Loading } from './query-state';
import { initialRange, RangePicker, type RangeChoice } from './range-picker';
import { rangeInWords, shortDayInWords } from './range';
import { TimeChart } from './time-chart';

/** Two or three named figures (loyalty's, cinema's) as a small table. */
type Figure = { name: string; value: number };
const FIGURE_COLUMNS: Column<Figure>[] = [
  { label: 'Figure', value: (r) => r.name },
  { label: 'Count', value: (r) => r.value, render: (r) => count(r.value), numeric: true },
];

const METHOD_WORDS = { passkey: 'Passkey', link: 'Membership link', email: 'Emailed code' } as const;

function Members({ data }: { data: MemberAnalytics }) {
  const csv = { range: data.range };
  const quiet = data.series.every((d) => d.active_members === 0 && d.new_members === 0);
  return (
    <>
      <section className="an-section" aria-labelledby="an-members-activity">
        <h2 id="an-members-activity">Activity</h2>
        <p className="an-muted">{rangeInWords(data.range)}.</p>
        {quiet && <p className="an-empty">No member activity in this range yet.</p>}
        <KpiCards
          label="Member totals for the range"
          items={[
            { label: 'Active members', value: count(data.totals.active_members) },
            { label: 'New members', value: count(data.totals.new_members) },
            { label: 'Pages viewed by members', value: count(data.totals.member_page_views) },
          ]}
        />
        {!quiet && (
          <TimeChart
            title="Active and new members per day"
            days={data.series.map((d) => d.day)}
            series={[
              { label: 'Active members', values: data.series.map((d) => d.active_members) },
              { label: 'New members', values: data.series.map((d) => d.new_members) },
            ]}
          />
        )}
        <DataTable
          caption="Members per day"
          csv={csv}
          empty="No member activity in this range yet."
          rows={data.series}
          columns={[
            { label: 'Day', value: (r) => r.day, render: (r) => shortDayInWords(r.day) },
            { label: 'Active members', value: (r) => r.active_members, render: (r) => count(r.active_members), numeric: true },
            { label: 'New members', value: (r) => r.new_members, render: (r) => count(r.new_members), numeric: true },
          ]}
        />
      </section>
      <section className="an-section" aria-labelledby="an-members-services">
        <h2 id="an-members-services">Newsletter, loyalty, cinema and gates</h2>
        <div className="an-grid">
          <Borrowed
            figure="by_interest"
            caption="Members by newsletter interest"
            csv={csv}
            empty="No newsletter members yet."
            rows={data.by_interest}
            columns={[
              { label: 'Interest', value: (r) => r.interest },
              { label: 'Members', value: (r) => r.members, render: (r) => count(r.members), numeric: true },
            ]}
          />
          <Borrowed
            figure="loyalty"
            caption="Loyalty punches and rewards"
            csv={csv}
            empty=""
            rows={
              data.loyalty && [
                { name: 'Punches', value: data.loyalty.punches },
                { name: 'Rewards', value: data.loyalty.rewards },
              ]
            }
            columns={FIGURE_COLUMNS}
          />
          <Borrowed
            figure="cinema"
            caption="Cinema bookings"
            csv={csv}
            empty=""
            rows={
              data.cinema && [
                { name: 'Bookings', value: data.cinema.bookings },
                { name: 'Tickets', value: data.cinema.tickets },
              ]
            }
            columns={FIGURE_COLUMNS}
          />
          <Borrowed
            figure="unlocks"
            caption="Gate unlocks by method"
            csv={csv}
            empty="No gates opened in this range yet."
            rows={data.unlocks}
            columns={[
              { label: 'Method', value: (r) => METHOD_WORDS[r.method] },
              { label: 'Unlocks', value: (r) => r.count, render: (r) => count(r.count), numeric: true },
            ]}
          />
        </div>
      </section>
    </>
  );
}

/**
 * Member analytics: active members over time, new members, and the figures other services own
 * (newsletter interests, loyalty, cinema, gate unlocks), each said to be unavailable when that
 * service is not connected; every table downloads as CSV.
 */
export function MemberAnalyticsScreen() {
  const [choice, setChoice] = useState<RangeChoice>(() => initialRange());
  const members = useMemberAnalytics(choice.range);
  const updating = members.isFetching && members.isPlaceholderData;
  return (
    <div className="an-screen" aria-busy={updating || undefined}>
      <RangePicker value={choice} onChange={setChoice} />
      <p role="status" className="an-status">
        {members.isPending ? '' : updating ? `Loading ${rangeInWords(choice.range)}…` : members.isSuccess ? `Showing ${rangeInWords(members.data.range)}.` : ''}
      </p>
      {members.isPending ? (
        <Loading label="Loading the member analytics" />
      ) : members.isError ? (
        <LoadProblem what="the member analytics" error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <div className={updating ? 'an-stale' : undefined}>
          <Members data={members.data} />
        </div>
      )}
    </div>
  );
}
