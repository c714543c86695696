// A fast bulk seeder for benchmarks and demos: a busy venue's traffic over some days, written
// straight into the raw collections in large unordered inserts (no HTTP, no per-event work).
// Deterministic (a seeded PRNG), so two runs make the same data.
import { createHash } from 'node:crypto';
import type { AnalyticsModels, InteractionDoc, JourneyDoc, PageViewDoc, SessionDoc } from '../data/analytics-models';
import { ANALYTICS_BOUNCE_SECONDS } from '@croft/contracts';
import { sessionObjectId, viewObjectId } from '../domain/ingest';

export interface SeedOptions {
  /** Days of traffic ending at `now` (the last day is today so far). */
  days: number;
  /** Tracker events to make in all (session start/end, views, updates, journeys, presses). */
  events: number;
  now: Date;
  /** Documents per insert (default 20,000). */
  chunk?: number;
  onProgress?: (done: { events: number; docs: number }) => void;
}

const PAGES = ['/', '/menu', '/whats-on', '/cinema', '/kitchens', '/beer-hall', '/cocktail-bar', '/events', '/community', '/faq', '/privacy', '/members', '/loyalty', '/newsletter', '/cook-book', '/gallery', '/contact', '/hire', '/cafe', '/about'];
const REFERRERS = ['', '', '', 'https://www.google.com/', 'https://www.google.co.uk/', 'https://www.instagram.com/', 'https://l.facebook.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://www.tripadvisor.co.uk/'];
const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'tablet'] as const;
const BROWSERS = ['Chrome', 'Safari', 'Safari', 'Firefox', 'Edge', 'Samsung Internet'];
const OSES = ['iOS', 'Android', 'Windows', 'macOS'];
const BUTTONS = ['Book a table', 'See the menu', 'Buy tickets', 'Join the newsletter', 'Directions', 'Call us', 'Open the gate', ''];
const TRANSITIONS = ['link', 'link', 'nav', 'back', 'gesture'] as const;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds the raw collections; answers how many events and documents were made. */
export async function seedAnalytics(models: AnalyticsModels, options: SeedOptions): Promise<{ events: number; docs: number; sessions: number }> {
  const rand = prng(15);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const chunk = options.chunk ?? 20_000;
  const end = options.now.getTime();
  const start = end - options.days * 86_400_000;
  const members = Array.from({ length: 2_000 }, (_, i) => `member-${i}`);
  const visitors = Array.from({ length: 40_000 }, (_, i) => createHash('sha256').update(`visitor-${i}`).digest('base64url').slice(0, 27));
  const buffers = { session: [] as SessionDoc[], view: [] as PageViewDoc[], journey: [] as Omit<JourneyDoc, '_id'>[], press: [] as Omit<InteractionDoc, '_id'>[] };
  let events = 0;
  let docs = 0;
  let sessions = 0;
  const flush = async (force: boolean) => {
    const writes: Promise<unknown>[] = [];
    const take = <T>(list: T[], model: { insertMany(docs: T[], o: object): Promise<unknown> }) => {
      if (list.length && (force || list.length >= chunk)) {
        writes.push(model.insertMany(list.splice(0), { ordered: false, lean: true }));
      }
    };
    take(buffers.session, models.session as never);
    take(buffers.view, models.pageView as never);
    take(buffers.journey, models.journey as never);
    take(buffers.press, models.interaction as never);
    await Promise.all(writes);
  };
  while (events < options.events) {
    sessions += 1;
    const t0 = Math.floor(start + rand() * (end - start - 3_600_000));
    const sid = `seed${String(sessions).padStart(10, '0')}${Math.floor(rand() * 1e9).toString(36)}`;
    const user = rand() < 0.12 ? pick(members) : null;
    const visitor = pick(visitors);
    const at = new Date(t0);
    const referrer = pick(REFERRERS);
    buffers.session.push({
      _id: sessionObjectId(sid),
      session_id: sid,
      user_id: user,
      started_at: at,
      ended_at: null,
      user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      referrer,
      referrer_host: referrer ? new URL(referrer).hostname : '',
      device_type: pick(DEVICES),
      browser: pick(BROWSERS),
      os: pick(OSES),
      is_authenticated: user !== null,
      visitor,
      recorded_at: at,
    });
    events += 1;
    const views = 1 + Math.floor(rand() * rand() * 8);
    let t = t0;
    let page = rand() < 0.6 ? '/' : pick(PAGES);
    for (let i = 0; i < views && t < end; i += 1) {
      const spent = Math.floor(rand() * rand() * 180);
      const vid = `v${sessions}x${i}`.padEnd(16, '0');
      buffers.view.push({
        _id: viewObjectId(sid, vid),
        session_id: sid,
        user_id: user,
        view_id: vid,
        page_path: page,
        page_title: `Croft Common ${page}`,
        referrer: i === 0 ? referrer : '',
        viewed_at: new Date(t),
        time_spent_seconds: spent,
        scroll_depth_percent: Math.floor(rand() * 101),
        is_bounce: spent < ANALYTICS_BOUNCE_SECONDS,
        visitor,
        recorded_at: new Date(t),
      });
      events += 2; // the view and its update
      const presses = rand() < 0.5 ? Math.floor(rand() * 3) : 0;
      for (let p = 0; p < presses; p += 1) {
        const text = pick(BUTTONS);
        buffers.press.push({
          session_id: sid,
          user_id: user,
          page_path: page,
          interaction_type: 'click',
          element_id: text ? text.toLowerCase().replace(/\s+/g, '-') : 'icon-share',
          element_class: 'btn btn-primary',
          element_text: text,
          coordinates: { x: Math.floor(rand() * 400), y: Math.floor(rand() * 2000) },
          additional_data: null,
          at: new Date(t + 1_000 + p),
          recorded_at: new Date(t),
        });
        events += 1;
      }
      t += spent * 1000 + 500;
      if (i + 1 < views) {
        const next = pick(PAGES);
        buffers.journey.push({ session_id: sid, user_id: user, from_page: page, to_page: next, transition_type: pick(TRANSITIONS), at: new Date(t), recorded_at: new Date(t) });
        events += 1;
        page = next;
      }
    }
    buffers.session[buffers.session.length - 1].ended_at = new Date(Math.min(t, end));
    events += 1;
    if (buffers.view.length >= chunk) {
      const before = buffers.session.length + buffers.view.length + buffers.journey.length + buffers.press.length;
      await flush(true);
      docs += before;
      options.onProgress?.({ events, docs });
    }
  }
  docs += buffers.session.length + buffers.view.length + buffers.journey.length + buffers.press.length;
  await flush(true);
  return { events, docs, sessions };
}
