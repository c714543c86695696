import type { Clock, Logger } from '@croft/service-kit';
import type { AnalyticsModels, Count, DailyDoc } from '../data/analytics-models';
import { addDays, dayEnd, dayStart, londonDay } from './days';

/** A finished day is rolled up once it ended (plus this grace), and again once no event can land in it any more. */
export const ROLLUP_GRACE_MS = 10 * 60_000;
/** Browser times are clamped to at most a day old, so a day is final a day after it ends. */
export const ROLLUP_FINAL_AFTER_MS = 24 * 60 * 60_000 + ROLLUP_GRACE_MS;
/** How far back the job catches up missed days. */
export const ROLLUP_CATCH_UP_DAYS = 400;
/** Lists kept per day (the rest is cut; top 10 of a range are read from these). */
export const ROLLUP_LIST_MAX = 500;
export const ANALYTICS_ROLLUP_JOB = 'analytics-rollup';
/** The job looks for finished days this often (so a day is rolled up within minutes of London midnight). */
export const ROLLUP_INTERVAL_MS = 10 * 60_000;

export type DaySummary = Omit<DailyDoc, '_id' | 'final' | 'rolled_at'>;

const top = <T extends { count: number }>(items: T[], max = ROLLUP_LIST_MAX): T[] => items.sort((a, b) => b.count - a.count).slice(0, max);
const counts = (map: Map<string, number>): Count[] => top([...map].map(([name, count]) => ({ name, count })));
const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** The label of a pressed element: its text, else its id, else its class. */
export function elementLabel(text: string, id: string, cls: string): string {
  return text.trim() || (id ? `#${id}` : cls ? `.${cls.split(/\s+/)[0]}` : '(unnamed)');
}

/**
 * Counts one stretch of time (a London day, or today so far) from the raw rows: the grouping the
 * store can do runs in the store, page views come back with a few fields for what it cannot
 * (entry and exit pages, distinct visitors and members).
 */
export async function summarize(models: AnalyticsModels, from: Date, to: Date): Promise<DaySummary> {
  const [views, sessionFacets, journeys, presses] = await Promise.all([
    models.pageView
      .find({ viewed_at: { $gte: from, $lt: to } }, { _id: 0, session_id: 1, user_id: 1, page_path: 1, viewed_at: 1, time_spent_seconds: 1, is_bounce: 1, visitor: 1 })
      .lean<{ session_id: string; user_id: string | null; page_path: string; viewed_at: Date; time_spent_seconds: number; is_bounce: boolean; visitor: string }[]>(),
    models.session.aggregate<{ n: { count: number }[]; referrers: { _id: string; count: number }[]; devices: { _id: string | null; count: number }[]; browsers: { _id: string | null; count: number }[] }>([
      { $match: { started_at: { $gte: from, $lt: to } } },
      {
        $facet: {
          n: [{ $count: 'count' }],
          referrers: [{ $group: { _id: '$referrer_host', count: { $sum: 1 } } }],
          devices: [{ $group: { _id: '$device_type', count: { $sum: 1 } } }],
          browsers: [{ $group: { _id: '$browser', count: { $sum: 1 } } }],
        },
      },
    ]),
    models.journey.aggregate<{ _id: { from: string; to: string }; count: number }>([
      { $match: { at: { $gte: from, $lt: to } } },
      { $group: { _id: { from: '$from_page', to: '$to_page' }, count: { $sum: 1 } } },
    ]),
    models.interaction.aggregate<{ _id: { page: string; text: string; id: string; cls: string }; count: number }>([
      { $match: { at: { $gte: from, $lt: to } } },
      { $group: { _id: { page: '$page_path', text: '$element_text', id: '$element_id', cls: '$element_class' }, count: { $sum: 1 } } },
    ]),
  ]);

  const visitors = new Set<string>();
  const members = new Set<string>();
  let memberViews = 0;
  let bounces = 0;
  let timeSum = 0;
  const pages = new Map<string, { path: string; views: number; time_sum: number; bounces: number }>();
  const firstLast = new Map<string, { first: [number, string]; last: [number, string] }>();
  for (const v of views) {
    visitors.add(v.visitor);
    if (v.user_id) {
      members.add(v.user_id);
      memberViews += 1;
    }
    if (v.is_bounce) bounces += 1;
    timeSum += v.time_spent_seconds;
    const page = pages.get(v.page_path) ?? { path: v.page_path, views: 0, time_sum: 0, bounces: 0 };
    page.views += 1;
    page.time_sum += v.time_spent_seconds;
    if (v.is_bounce) page.bounces += 1;
    pages.set(v.page_path, page);
    const t = new Date(v.viewed_at).getTime();
    const fl = firstLast.get(v.session_id);
    if (!fl) firstLast.set(v.session_id, { first: [t, v.page_path], last: [t, v.page_path] });
    else {
      if (t < fl.first[0]) fl.first = [t, v.page_path];
      if (t >= fl.last[0]) fl.last = [t, v.page_path];
    }
  }
  const entry = new Map<string, number>();
  const exit = new Map<string, number>();
  for (const { first, last } of firstLast.values()) {
    bump(entry, first[1]);
    bump(exit, last[1]);
  }
  const facets = sessionFacets[0] ?? { n: [], referrers: [], devices: [], browsers: [] };
  const grouped = (rows: { _id: string | null; count: number }[], none: string) => {
    const map = new Map<string, number>();
    for (const row of rows) bump(map, row._id || none, row.count);
    return counts(map);
  };
  const pressMap = new Map<string, { page_path: string; element: string; count: number }>();
  for (const row of presses) {
    const element = elementLabel(row._id.text ?? '', row._id.id ?? '', row._id.cls ?? '');
    const key = `${row._id.page}\0${element}`;
    const entryRow = pressMap.get(key) ?? { page_path: row._id.page, element, count: 0 };
    entryRow.count += row.count;
    pressMap.set(key, entryRow);
  }
  return {
    totals: { visitors: visitors.size, sessions: facets.n[0]?.count ?? 0, page_views: views.length, bounces, time_sum: timeSum },
    pages: [...pages.values()].sort((a, b) => b.views - a.views).slice(0, ROLLUP_LIST_MAX),
    entry_pages: counts(entry),
    exit_pages: counts(exit),
    referrers: grouped(facets.referrers, '(direct)'),
    devices: grouped(facets.devices, '(unknown)'),
    browsers: grouped(facets.browsers, '(unknown)'),
    journeys: top(journeys.map((j) => ({ from: j._id.from, to: j._id.to, count: j.count }))),
    presses: top([...pressMap.values()]),
    members: { active: members.size, new: 0, page_views: memberViews, ids: [...members].sort() },
  };
}

/** Members first seen on `day` among `ids` (records the day for those never seen before). */
export async function recordFirstSeen(models: AnalyticsModels, day: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await models.member.bulkWrite(
    ids.flatMap((id) => [
      { updateOne: { filter: { _id: id }, update: { $setOnInsert: { first_day: day } }, upsert: true } },
      // A day rolled up out of order (catch-up) moves first_day back.
      { updateOne: { filter: { _id: id, first_day: { $gt: day } }, update: { $set: { first_day: day } } } },
    ]),
    { ordered: true },
  );
  return models.member.countDocuments({ _id: { $in: ids }, first_day: day });
}

/** New members for today so far, without recording anything (today is not finished). */
export async function countNewToday(models: AnalyticsModels, day: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const known = await models.member.find({ _id: { $in: ids }, first_day: { $lt: day } }, { _id: 1 }).lean();
  return ids.length - known.length;
}

export function emptySummary(): DaySummary {
  return {
    totals: { visitors: 0, sessions: 0, page_views: 0, bounces: 0, time_sum: 0 },
    pages: [],
    entry_pages: [],
    exit_pages: [],
    referrers: [],
    devices: [],
    browsers: [],
    journeys: [],
    presses: [],
    members: { active: 0, new: 0, page_views: 0, ids: [] },
  };
}

export interface Rollups {
  /** Rolls up one London day (replacing what was there). */
  rollDay(day: string): Promise<DailyDoc>;
  /** Every finished day of the last ROLLUP_CATCH_UP_DAYS not yet rolled (or not yet final), oldest first. */
  catchUp(extend?: () => Promise<boolean>): Promise<string[]>;
}

export function createRollups(options: { models: AnalyticsModels; clock: Clock; logger: Logger }): Rollups {
  const { models, clock } = options;
  const rollDay = async (day: string): Promise<DailyDoc> => {
    const summary = await summarize(models, dayStart(day), dayEnd(day));
    summary.members.new = await recordFirstSeen(models, day, summary.members.ids);
    const now = clock.now();
    const doc: DailyDoc = { _id: day, ...summary, final: now.getTime() >= dayEnd(day).getTime() + ROLLUP_FINAL_AFTER_MS, rolled_at: now };
    await models.daily.replaceOne({ _id: day }, doc, { upsert: true });
    return doc;
  };
  return {
    rollDay,
    async catchUp(extend) {
      const now = clock.now().getTime();
      const today = londonDay(now);
      const days: string[] = [];
      for (let i = ROLLUP_CATCH_UP_DAYS; i >= 1; i -= 1) {
        const day = addDays(today, -i);
        if (dayEnd(day).getTime() + ROLLUP_GRACE_MS <= now) days.push(day);
      }
      const done = new Map((await models.daily.find({ _id: { $in: days } }, { _id: 1, final: 1 }).lean()).map((d) => [d._id, d.final]));
      const due = days.filter((day) => done.get(day) !== true && !(done.get(day) === false && dayEnd(day).getTime() + ROLLUP_FINAL_AFTER_MS > now));
      if (due.length === 0) return [];
      // Days before the first session have nothing to count: written as empty days in one go.
      const [earliest] = await models.session.aggregate<{ min: Date | null }>([{ $group: { _id: null, min: { $min: '$started_at' } } }]);
      const firstDay = earliest?.min ? londonDay(new Date(earliest.min)) : today;
      const empty = due.filter((day) => day < firstDay);
      if (empty.length) {
        const rolledAt = clock.now();
        await models.daily.bulkWrite(
          empty.map((day) => ({
            replaceOne: { filter: { _id: day }, replacement: { _id: day, ...emptySummary(), final: dayEnd(day).getTime() + ROLLUP_FINAL_AFTER_MS <= now, rolled_at: rolledAt }, upsert: true },
          })),
          { ordered: false },
        );
      }
      const rolled: string[] = [...empty];
      for (const day of due.filter((d) => d >= firstDay)) {
        if (extend && !(await extend())) break;
        await rollDay(day);
        rolled.push(day);
      }
      if (rolled.length) options.logger.info({ days: rolled.length, first: rolled[0], last: rolled[rolled.length - 1] }, 'analytics roll-up');
      return rolled;
    },
  };
}
