import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BODY_MAX_BYTES,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_OPT_OUT_KEY,
  ANALYTICS_SESSION_DEFER_MS,
  ANALYTICS_SESSION_KEY,
  analyticsBatchSchema,
  analyticsPageEndSchema,
  type AnalyticsEvent,
} from '@croft/contracts';
import { markGestureNavigation, setAnalyticsOptOut } from '../index';
import { ANALYTICS_MARK_MS, ANALYTICS_QUEUE_MAX, startTracker, type Tracker, type TrackerOptions } from './tracker';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Sent {
  via: 'fetch' | 'beacon';
  url: string;
  body: string;
  authorization?: string | null;
}

let sent: Sent[];
let fetchMock: ReturnType<typeof vi.fn>;
let beaconMock: ReturnType<typeof vi.fn>;
let visibility: DocumentVisibilityState;
let tracker: Tracker | null;
const defined: [object, string][] = [];

function define(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  defined.push([target, key]);
}

/** Page geometry: a page `height` px tall in an 800 px window, scrolled to `top`. */
function page(height: number, top = 0) {
  define(document.documentElement, 'scrollHeight', height);
  define(window, 'innerHeight', 800);
  define(window, 'scrollY', top);
}
function scrollTo(top: number) {
  define(window, 'scrollY', top);
  window.dispatchEvent(new Event('scroll'));
}
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

async function blobText(blob: Blob): Promise<string> {
  return blob.text();
}

/** Every batch sent so far (fetch and beacon), parsed with the service's own schema. */
function batches() {
  return sent.filter((s) => s.url === '/api/analytics/events').map((s) => ({ ...s, batch: analyticsBatchSchema.parse(JSON.parse(s.body)) }));
}
function events(): AnalyticsEvent[] {
  return batches().flatMap((b) => b.batch.events);
}
const ofType = <T extends AnalyticsEvent['type']>(type: T) => events().filter((e): e is Extract<AnalyticsEvent, { type: T }> => e.type === type);

/** Lets queued promise callbacks (the beacon's Blob reads) settle without moving the clock. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
  await vi.waitFor(() => expect(pendingBlobs).toBe(0));
}
let pendingBlobs = 0;

function start(options: TrackerOptions = {}) {
  tracker = startTracker({ path: '/cafe', ...options });
  return tracker;
}

function click(el: Element, init: MouseEventInit = { clientX: 10.4, clientY: 20.6, detail: 1 }) {
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
}

/** jsdom cannot follow links or submit forms: the page's own handlers would stop them too. */
const stayOnPage = (event: Event) => event.preventDefault();

beforeEach(() => {
  document.addEventListener('click', stayOnPage);
  vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
  sent = [];
  pendingBlobs = 0;
  visibility = 'visible';
  tracker = null;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  fetchMock = vi.fn((url: string, init: RequestInit) => {
    sent.push({ via: 'fetch', url, body: String(init.body), authorization: new Headers(init.headers).get('authorization') });
    return Promise.resolve(new Response(null, { status: 202 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  beaconMock = vi.fn((url: string, data: Blob) => {
    pendingBlobs += 1;
    void blobText(data).then((body) => {
      sent.push({ via: 'beacon', url, body });
      pendingBlobs -= 1;
    });
    return true;
  });
  define(navigator, 'sendBeacon', beaconMock);
  page(3000);
  document.title = 'The Cafe';
  document.body.innerHTML = '';
});

afterEach(() => {
  document.removeEventListener('click', stayOnPage);
  tracker?.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const [target, key] of defined.splice(0)) Reflect.deleteProperty(target, key);
  Reflect.deleteProperty(document, 'visibilityState');
  sessionStorage.clear();
  localStorage.clear();
});

describe('session id (spec 001 §3: session storage)', () => {
  it('is made once, kept in session storage and reused by the next page in the tab', async () => {
    start();
    const id = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    window.dispatchEvent(new Event('pagehide'));
    tracker!.stop();
    start({ path: '/hall' });
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(new Set(batches().map((b) => b.batch.session_id))).toEqual(new Set([id]));
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBe(id);
  });

  it('replaces a stored value that is not an id', () => {
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, 'bad id!');
    start();
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });
});

describe('session_start (spec 001 §7: deferred to idle, or 2 s)', () => {
  it('waits 2 s at most where the browser has no idle callback, then is sent with the browser, OS, device and referrer', async () => {
    define(navigator, 'userAgent', IPHONE);
    define(document, 'referrer', 'https://www.google.com/search?q=croft+common#top');
    start({ getAccessToken: () => 'token-1' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_DEFER_MS - 1);
    tracker!.flush();
    expect(ofType('session_start')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    tracker!.flush();
    expect(ofType('session_start')).toEqual([
      {
        type: 'session_start',
        at: Date.parse('2026-11-27T12:00:02Z'),
        referrer: 'https://www.google.com/search',
        device_type: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        is_authenticated: true,
      },
    ]);
  });

  it('comes as soon as the browser is idle, before the 2 s', async () => {
    const idle: (() => void)[] = [];
    const timeouts: number[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, { timeout }: { timeout: number }) => {
      timeouts.push(timeout);
      return idle.push(task);
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    start();
    await vi.advanceTimersByTimeAsync(300);
    tracker!.flush();
    expect(ofType('session_start')).toHaveLength(0);
    expect(timeouts).toEqual([ANALYTICS_SESSION_DEFER_MS]);
    idle.shift()!();
    tracker!.flush();
    expect(ofType('session_start')).toEqual([expect.objectContaining({ is_authenticated: false, at: Date.parse('2026-11-27T12:00:00.300Z') })]);
  });

  it('is sent on pagehide when the page goes before it was due', async () => {
    start();
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(ofType('session_start')).toHaveLength(1);
    expect(ofType('session_end')).toHaveLength(1);
  });
});

describe('batching', () => {
  it('reads each answer to the end, so the request is finished for the browser (a page whose network never goes quiet looks still loading)', async () => {
    const answers: Response[] = [];
    fetchMock.mockImplementation((url: string, init: RequestInit) => {
      sent.push({ via: 'fetch', url, body: String(init.body), authorization: null });
      const res = new Response(JSON.stringify({ accepted: 2, dropped: false }), { status: 202 });
      answers.push(res);
      return Promise.resolve(res);
    });
    start();
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_DEFER_MS + 1000);
    expect(answers).toHaveLength(1);
    expect(answers[0].bodyUsed).toBe(true);
  });

  it('sends the queue on idle after the session starts, then every interval, by fetch with the member’s token', async () => {
    let signedIn: string | null = null;
    start({ getAccessToken: () => signedIn });
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_DEFER_MS + 1000);
    expect(batches().map((b) => b.batch.events.map((e) => e.type))).toEqual([['page_view', 'session_start']]);
    expect(batches()[0]).toMatchObject({ via: 'fetch', authorization: null });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', keepalive: true });

    signedIn = 'access-abc';
    tracker!.navigate('/hall');
    // The interval (at 5 s) asks for an idle moment: 1 s at most without requestIdleCallback.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS + 1000 - (ANALYTICS_SESSION_DEFER_MS + 1000) - 1);
    expect(batches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches()).toHaveLength(2);
    expect(batches()[1].batch.events.map((e) => e.type)).toEqual(['page_update', 'journey', 'page_view']);
    expect(batches()[1].authorization).toBe('Bearer access-abc');
    // Nothing queued: no empty requests.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS * 3);
    expect(batches()).toHaveLength(2);
  });

  it('never puts more than 50 events in a request: a full queue is sent on idle, split in order', async () => {
    start();
    document.body.innerHTML = '<button id="b">Go</button>';
    const button = document.getElementById('b')!;
    for (let i = 0; i < 2 * ANALYTICS_BATCH_MAX + 19; i += 1) click(button, { clientX: i, clientY: 1, detail: 1 });
    // 1 page view + 119 presses = 120 events: sent on the next idle moment, not at the interval.
    await vi.advanceTimersByTimeAsync(1000);
    const sizes = batches().map((b) => b.batch.events.length);
    expect(sizes).toEqual([50, 50, 20]);
    const xs = ofType('interaction').map((e) => e.coordinates!.x);
    expect(xs).toEqual(Array.from({ length: 119 }, (_, i) => i));
  });

  it('keeps at most ANALYTICS_QUEUE_MAX events waiting (the oldest go)', () => {
    start({ idle: () => () => undefined });
    document.body.innerHTML = '<button id="b">Go</button>';
    const button = document.getElementById('b')!;
    for (let i = 0; i < 1000; i += 1) click(button, { clientX: i, clientY: 1, detail: 1 });
    tracker!.flush();
    const xs = ofType('interaction').map((e) => e.coordinates!.x);
    expect(xs).toHaveLength(ANALYTICS_QUEUE_MAX);
    expect(xs.at(-1)).toBe(999);
  });

  it('on pagehide: the rest by sendBeacon, each body under the 64 KB limit (split when needed), ending the session', async () => {
    start();
    // Presses on elements with long multi-byte labels make a batch of 50 larger than 64 KB.
    document.body.innerHTML = `<button id="${'身'.repeat(100)}" class="${'類'.repeat(200)}">${'字'.repeat(300)}</button>`;
    const button = document.querySelector('button')!;
    for (let i = 0; i < 48; i += 1) click(button);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    const beacons = batches();
    expect(beacons.every((b) => b.via === 'beacon')).toBe(true);
    expect(beacons.length).toBeGreaterThan(1);
    for (const b of beacons) expect(new TextEncoder().encode(b.body).length).toBeLessThanOrEqual(ANALYTICS_BODY_MAX_BYTES);
    expect(ofType('interaction')).toHaveLength(48);
    expect(events().at(-1)).toMatchObject({ type: 'session_end' });
  });

  it('sends what is queued when the tab is hidden', async () => {
    start();
    setVisibility('hidden');
    await settle();
    expect(batches().map((b) => [b.via, b.batch.events.map((e) => e.type)])).toEqual([['beacon', ['page_view', 'page_update']]]);
  });
});

describe('page views: time spent (bounce) and scroll depth', () => {
  it('the page-end beacon on pagehide has the spec’s fields: visible time and the deepest scroll', async () => {
    start();
    const view = events().length; // nothing sent yet
    expect(view).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    scrollTo(1000); // (1000 + 800) / 3000 = 60 %
    scrollTo(2200); // 100 %
    scrollTo(0);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(60_000); // hidden time does not count
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(1_900);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    const pageEnd = sent.filter((s) => s.url === '/api/analytics/page-end');
    expect(pageEnd).toHaveLength(1);
    expect(pageEnd[0].via).toBe('beacon');
    const body = analyticsPageEndSchema.parse(JSON.parse(pageEnd[0].body));
    const viewId = ofType('page_view')[0].view_id;
    expect(body).toEqual({
      sessionId: sessionStorage.getItem(ANALYTICS_SESSION_KEY),
      pagePath: '/cafe',
      timeSpent: 4,
      scrollDepth: 100,
      viewId,
    });
    expect(ofType('page_update').at(-1)).toMatchObject({ view_id: viewId, time_spent_seconds: 4, scroll_depth_percent: 100 });
  });

  it('counts whole seconds so a 4.9 s view is a bounce (< 5 s) and a 5 s view is not', async () => {
    start();
    await vi.advanceTimersByTimeAsync(4_900);
    tracker!.navigate('/hall');
    await vi.advanceTimersByTimeAsync(5_000);
    tracker!.navigate('/beer');
    tracker!.flush();
    const [cafe, hall] = ofType('page_view');
    const updates = ofType('page_update');
    expect(updates.find((u) => u.view_id === cafe.view_id)?.time_spent_seconds).toBe(4);
    expect(updates.find((u) => u.view_id === hall.view_id)?.time_spent_seconds).toBe(5);
  });

  it('keeps the deepest scroll, measured before a click navigates away; a page that fits the window is seen whole', async () => {
    start();
    scrollTo(700); // 50 %
    scrollTo(100);
    document.body.innerHTML = '<nav><a href="/hall">Hall</a></nav>';
    define(window, 'scrollY', 1300); // scrolled without a scroll event yet (70 %): the click measures it
    click(document.querySelector('a')!);
    page(600); // the next page is short
    tracker!.navigate('/hall');
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    const [cafe, hall] = ofType('page_view');
    const depthOf = (id: string) => ofType('page_update').filter((u) => u.view_id === id).at(-1)?.scroll_depth_percent;
    expect(depthOf(cafe.view_id)).toBe(70);
    expect(depthOf(hall.view_id)).toBe(100);
  });
});

describe('journeys', () => {
  it('records from → to with how: link, nav, back, gesture; a stale mark does not count', () => {
    start();
    document.body.innerHTML = '<nav aria-label="Main"><a href="/hall">Hall</a></nav><main><a href="/beer">Beer</a></main>';
    click(document.querySelector('main a')!);
    tracker!.navigate('/beer');
    click(document.querySelector('nav a')!);
    vi.advanceTimersByTime(1_400); // the shell's strobe transition
    tracker!.navigate('/hall');
    window.dispatchEvent(new PopStateEvent('popstate'));
    tracker!.navigate('/beer');
    markGestureNavigation();
    tracker!.navigate('/secret');
    click(document.querySelector('nav a')!);
    vi.advanceTimersByTime(ANALYTICS_MARK_MS + 1);
    tracker!.navigate('/cafe');
    tracker!.navigate('/cafe'); // the same path again (a query or hash change): no journey
    tracker!.flush();
    expect(ofType('journey').map((j) => [j.from_page, j.to_page, j.transition_type])).toEqual([
      ['/cafe', '/beer', 'link'],
      ['/beer', '/hall', 'nav'],
      ['/hall', '/beer', 'back'],
      ['/beer', '/secret', 'gesture'],
      ['/secret', '/cafe', 'link'],
    ]);
    const views = ofType('page_view');
    expect(views.map((v) => [v.page_path, v.referrer])).toEqual([
      ['/cafe', ''],
      ['/beer', '/cafe'],
      ['/hall', '/beer'],
      ['/beer', '/hall'],
      ['/secret', '/beer'],
      ['/cafe', '/secret'],
    ]);
    expect(new Set(views.map((v) => v.view_id)).size).toBe(views.length);
  });
});

describe('interactions', () => {
  it('records a press on a button with its id, class, text (whitespace collapsed, cut at 100) and integer page coordinates', () => {
    start();
    const label = `Book   a\n table ${'x'.repeat(200)}`;
    document.body.innerHTML = `<button id="book" class="cc-button  cc-button--primary"><span>${label}</span></button>`;
    click(document.querySelector('span')!, { clientX: 10.4, clientY: 20.6, detail: 1 });
    tracker!.flush();
    const [press] = ofType('interaction');
    expect(press).toMatchObject({
      page_path: '/cafe',
      interaction_type: 'click',
      element_id: 'book',
      element_class: 'cc-button cc-button--primary',
      coordinates: { x: expect.any(Number), y: expect.any(Number) },
    });
    expect(press.element_text).toHaveLength(100);
    expect(press.element_text.startsWith('Book a table xxx')).toBe(true);
    expect(Number.isInteger(press.coordinates!.x) && Number.isInteger(press.coordinates!.y)).toBe(true);
  });

  it('prefers aria-label; a link gives its same-site path only; other sites only their host', () => {
    start();
    document.body.innerHTML = `
      <a id="in" href="/cinema?code=123456&token=secret#seat">Cinema</a>
      <a id="out" href="https://instagram.com/croftcommon?igsh=abc">Insta</a>
      <div role="button" aria-label="  Open   menu ">☰</div>`;
    click(document.getElementById('in')!);
    click(document.getElementById('out')!);
    click(document.querySelector('[role=button]')!, { detail: 0 });
    tracker!.flush();
    const presses = ofType('interaction');
    expect(presses.map((p) => [p.element_text, p.additional_data])).toEqual([
      ['Cinema', { href: '/cinema' }],
      ['Insta', { host: 'instagram.com' }],
      ['Open menu', undefined],
    ]);
    // A keyboard press has no pointer position.
    expect(presses[2].coordinates).toBeNull();
  });

  it('never records typed values, text fields, or anything inside data-analytics="off"; masks e-mail addresses and codes', () => {
    start();
    document.body.innerHTML = `
      <form><input id="email" type="email" value="ada@example.com"><input type="submit" value="Subscribe"></form>
      <div data-analytics="off"><button id="secret">Reveal 4821</button></div>
      <button id="me">Signed in as ada@example.com, code 123 456</button>`;
    click(document.getElementById('email')!);
    click(document.querySelector('input[type=submit]')!);
    click(document.getElementById('secret')!);
    click(document.getElementById('me')!);
    tracker!.flush();
    expect(ofType('interaction').map((p) => [p.interaction_type, p.element_text])).toEqual([
      ['submit', 'Subscribe'],
      ['click', 'Signed in as [email] code [number]'],
    ]);
    expect(sent.map((s) => s.body).join('')).not.toMatch(/ada@example|4821|123 456/);
  });
});

describe('query strings are never sent', () => {
  it('not in paths, referrers, links or the page-end beacon', async () => {
    define(document, 'referrer', 'https://example.org/from?utm_source=mail&token=abc');
    start({ path: '/unsubscribe?token=abc123#x' });
    document.body.innerHTML = '<a href="/newsletter/confirm?token=abc123">Confirm</a>';
    click(document.querySelector('a')!);
    tracker!.navigate('/cinema/booking?ref=abc123#seat');
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_DEFER_MS);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    const all = sent.map((s) => s.body).join('\n');
    expect(all).not.toMatch(/abc123|utm_source|token=|\?|#/);
    expect(ofType('page_view').map((v) => v.page_path)).toEqual(['/unsubscribe', '/cinema/booking']);
    expect(ofType('session_start')[0].referrer).toBe('https://example.org/from');
  });
});

describe('privacy: Do Not Track, Global Privacy Control, the opt-out', () => {
  const cases: [string, () => void][] = [
    ['Do Not Track', () => define(navigator, 'doNotTrack', '1')],
    ['Do Not Track (window.doNotTrack)', () => define(window, 'doNotTrack', '1')],
    ['Global Privacy Control', () => define(navigator, 'globalPrivacyControl', true)],
    ['the opt-out', () => localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1')],
  ];
  for (const [name, set] of cases) {
    it(`${name}: no tracker, no requests, no storage writes, no listeners`, async () => {
      set();
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      const onWindow = vi.spyOn(window, 'addEventListener');
      const onDocument = vi.spyOn(document, 'addEventListener');
      expect(startTracker({ path: '/cafe' })).toBeNull();
      document.body.innerHTML = '<button>Press</button>';
      click(document.querySelector('button')!);
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS * 3);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(beaconMock).not.toHaveBeenCalled();
      expect(setItem).not.toHaveBeenCalled();
      expect(onWindow).not.toHaveBeenCalled();
      expect(onDocument).not.toHaveBeenCalled();
      expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBeNull();
    });
  }

  it('turning analytics off stops a running tracker: its queue is dropped and nothing more is sent', async () => {
    start();
    document.body.innerHTML = '<button>Press</button>';
    click(document.querySelector('button')!);
    const removed = vi.spyOn(document, 'removeEventListener');
    expect(setAnalyticsOptOut(true)).toBe(true);
    expect(removed).toHaveBeenCalledWith('click', expect.any(Function), expect.anything());
    click(document.querySelector('button')!);
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS * 3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(ANALYTICS_SESSION_KEY)).toBeNull();
  });

  it('an opt-out made in another tab is honoured at the next send', async () => {
    start();
    localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS * 2);
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });
});

describe('failures are only logged (spec 001 §8)', () => {
  it('a failing fetch, a refused or throwing beacon: nothing thrown, one warning, later batches still tried', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // An exception in a listener would not leave dispatchEvent: jsdom reports it as an error event.
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    start();
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_DEFER_MS + 1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 500 })));
    tracker!.navigate('/hall');
    tracker!.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockImplementation(() => {
      throw new TypeError('fetch is broken');
    });
    tracker!.navigate('/beer');
    expect(() => tracker!.flush()).not.toThrow();
    beaconMock.mockImplementation(() => false);
    expect(() => setVisibility('hidden')).not.toThrow();
    beaconMock.mockImplementation(() => {
      throw new TypeError('no beacons');
    });
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
    expect(beaconMock).toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('[analytics]');
  });
});
