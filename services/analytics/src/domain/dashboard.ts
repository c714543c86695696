import type { AnalyticsCount, AnalyticsOverview, AnalyticsRangeQuery, AnalyticsTotals, MemberAnalytics } from '@croft/contracts';
import { GATE_UNLOCK_METHODS, NEWSLETTER_INTERESTS } from '@croft/contracts';
import type { CinemaStats, Clock, GateUnlockStats, Logger, LoyaltyStats, MembersByInterest } from '@croft/service-kit';
import type { AnalyticsModels, Count } from '../data/analytics-models';
import { addDays, dayEnd, dayList, dayStart, daysBetween, londonDay } from './days';
import { countNewToday, emptySummary, summarize, type DaySummary } from './rollup';

export const TOP_N = 10;

export interface Borrowed {
  membersByInterest?: MembersByInterest;
  loyaltyStats?: LoyaltyStats;
  cinemaStats?: CinemaStats;
  gateUnlockStats?: GateUnlockStats;
}

export interface Dashboards {
  /** The summaries of each day of a range: finished days from the aggregates, today (and any day not rolled up yet) from the raw rows. */
  days(from: string, to: string): Promise<Map<string, DaySummary>>;
  overview(range: AnalyticsRangeQuery): Promise<AnalyticsOverview>;
  members(range: AnalyticsRangeQuery): Promise<MemberAnalytics>;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
const seconds = (sum: number, n: number) => (n > 0 ? Math.round((sum / n) * 10) / 10 : 0);

function totalsOf(summaries: DaySummary[]): AnalyticsTotals {
  let visitors = 0;
  let sessions = 0;
  let views = 0;
  let bounces = 0;
  let time = 0;
  for (const s of summaries) {
    visitors += s.totals.visitors;
    sessions += s.totals.sessions;
    views += s.totals.page_views;
    bounces += s.totals.bounces;
    time += s.totals.time_sum;
  }
  return { visitors, sessions, page_views: views, bounce_rate: ratio(bounces, views), avg_time_seconds: seconds(time, views) };
}

function merge<T, K extends string>(lists: T[][], key: (item: T) => K, add: (into: T, item: T) => void, clone: (item: T) => T): T[] {
  const map = new Map<K, T>();
  for (const list of lists)
    for (const item of list) {
      const k = key(item);
      const have = map.get(k);
      if (have) add(have, item);
      else map.set(k, clone(item));
    }
  return [...map.values()];
}

const topCounts = (lists: Count[][]): AnalyticsCount[] =>
  merge(lists, (c) => c.name, (a, b) => (a.count += b.count), (c) => ({ name: c.name, count: c.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP_N);

export function createDashboards(options: { models: AnalyticsModels; clock: Clock; logger: Logger; borrowed: Borrowed }): Dashboards {
  const { models, clock, logger, borrowed } = options;

  const days = async (from: string, to: string): Promise<Map<string, DaySummary>> => {
    const now = clock.now();
    const today = londonDay(now);
    const list = dayList(from, to);
    const stored = await models.daily.find({ _id: { $in: list.filter((d) => d < today) } }).lean();
    const out = new Map<string, DaySummary>(stored.map((d) => [d._id, d]));
    await Promise.all(
      list.map(async (day) => {
        if (out.has(day)) return;
        if (day > today) out.set(day, emptySummary());
        else {
          // Today (live), or a finished day the job has not rolled up yet.
          const summary = await summarize(models, dayStart(day), day === today ? now : dayEnd(day));
          summary.members.new = await countNewToday(models, day, summary.members.ids);
          out.set(day, summary);
        }
      }),
    );
    return out;
  };

  const borrow = async <T>(name: string, fn: (() => Promise<T>) | undefined): Promise<T | null> => {
    if (!fn) return null;
    try {
      return await fn();
    } catch (error) {
      logger.warn({ err: String(error), capability: name }, 'analytics: a borrowed figure is not available');
      return null;
    }
  };

  return {
    days,
    async overview(range) {
      const length = daysBetween(range.from, range.to) + 1;
      const previous = { from: addDays(range.from, -length), to: addDays(range.from, -1) };
      const all = await days(previous.from, range.to);
      const current = dayList(range.from, range.to).map((d) => all.get(d)!);
      const before = dayList(previous.from, previous.to).map((d) => all.get(d)!);
      const pages = merge(
        current.map((s) => s.pages),
        (p) => p.path,
        (a, b) => {
          a.views += b.views;
          a.time_sum += b.time_sum;
          a.bounces += b.bounces;
        },
        (p) => ({ ...p }),
      )
        .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
        .slice(0, TOP_N);
      const journeys = merge(
        current.map((s) => s.journeys),
        (j) => `${j.from}\0${j.to}`,
        (a, b) => (a.count += b.count),
        (j) => ({ ...j }),
      )
        .sort((a, b) => b.count - a.count || a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
        .slice(0, TOP_N);
      const presses = merge(
        current.map((s) => s.presses),
        (p) => `${p.page_path}\0${p.element}`,
        (a, b) => (a.count += b.count),
        (p) => ({ ...p }),
      )
        .sort((a, b) => b.count - a.count || a.page_path.localeCompare(b.page_path) || a.element.localeCompare(b.element))
        .slice(0, TOP_N);
      return {
        range: { from: range.from, to: range.to },
        previous_range: previous,
        totals: totalsOf(current),
        previous_totals: totalsOf(before),
        series: dayList(range.from, range.to).map((day) => {
          const s = all.get(day)!;
          return { day, visitors: s.totals.visitors, sessions: s.totals.sessions, page_views: s.totals.page_views };
        }),
        top_pages: pages.map((p) => ({ path: p.path, views: p.views, avg_time_seconds: seconds(p.time_sum, p.views), bounce_rate: ratio(p.bounces, p.views) })),
        entry_pages: topCounts(current.map((s) => s.entry_pages)),
        exit_pages: topCounts(current.map((s) => s.exit_pages)),
        referrers: topCounts(current.map((s) => s.referrers)),
        devices: topCounts(current.map((s) => s.devices)),
        browsers: topCounts(current.map((s) => s.browsers)),
        journeys: journeys.map((j) => ({ from: j.from, to: j.to, count: j.count })),
        top_presses: presses.map((p) => ({ page_path: p.page_path, element: p.element, count: p.count })),
      };
    },
    async members(range) {
      const window = { from: dayStart(range.from), to: dayEnd(range.to) };
      const [all, byInterest, loyalty, cinema, unlocks] = await Promise.all([
        days(range.from, range.to),
        borrow('membersByInterest', borrowed.membersByInterest),
        borrow('loyaltyStats', borrowed.loyaltyStats && (() => borrowed.loyaltyStats!(window))),
        borrow('cinemaStats', borrowed.cinemaStats && (() => borrowed.cinemaStats!(window))),
        borrow('gateUnlockStats', borrowed.gateUnlockStats && (() => borrowed.gateUnlockStats!(window))),
      ]);
      const list = dayList(range.from, range.to).map((day) => ({ day, s: all.get(day)! }));
      const active = new Set<string>();
      let fresh = 0;
      let views = 0;
      for (const { s } of list) {
        for (const id of s.members.ids) active.add(id);
        fresh += s.members.new;
        views += s.members.page_views;
      }
      const interests = new Set<string>(NEWSLETTER_INTERESTS);
      return {
        range: { from: range.from, to: range.to },
        series: list.map(({ day, s }) => ({ day, active_members: s.members.active, new_members: s.members.new })),
        totals: { active_members: active.size, new_members: fresh, member_page_views: views },
        by_interest: byInterest
          ? byInterest.filter((row) => interests.has(row.interest)).map((row) => ({ interest: row.interest as (typeof NEWSLETTER_INTERESTS)[number], members: row.members }))
          : null,
        loyalty: loyalty ? { punches: loyalty.punches, rewards: loyalty.rewards } : null,
        cinema: cinema ? { bookings: cinema.bookings, tickets: cinema.tickets } : null,
        unlocks: unlocks ? GATE_UNLOCK_METHODS.map((method) => ({ method, count: unlocks[method] })) : null,
      };
    },
  };
}
