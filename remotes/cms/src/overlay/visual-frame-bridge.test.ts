import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_CONTENT_CHANGED_EVENT, type TextKey } from '@croft/contracts';
import { connectVisualFrame, findTextElement, LOCATION_POLL_MS, SHOW_WAIT_MS, type FrameWindow } from './visual-frame-bridge';
import { isVisualFrame, parseFromFrame, parseToFrame, showTextMessage, VISUAL_CHANNEL, VISUAL_FRAME_NAME } from './visual-frame-messages';

const ORIGIN = window.location.origin;
const cafeTitle = { page: 'cafe', section: 'hero', content_key: 'title' } as const;

/** The page's window inside the visual editor's frame: its parent (the panel) records what it is sent. */
function frameWindow(pathname = '/cafe') {
  const parent = { postMessage: vi.fn() };
  const location = { origin: ORIGIN, pathname };
  const win = Object.assign(new EventTarget(), { parent, location, document }) as unknown as FrameWindow & EventTarget;
  const sent = () => parent.postMessage.mock.calls.map(([message, origin]) => ({ message: parseFromFrame(message), origin }));
  const receive = (data: unknown, { origin = ORIGIN, source = parent as unknown }: { origin?: string; source?: unknown } = {}) =>
    win.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
  return { win, parent, location, sent, receive };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the overlay in the visual editor’s frame', () => {
  it('says it is ready, with its path, to the parent only, at this origin', () => {
    const { win, sent } = frameWindow('/cafe');
    const stop = connectVisualFrame(win, () => 'opened');
    expect(sent()).toEqual([{ message: { channel: VISUAL_CHANNEL, type: 'ready', path: '/cafe' }, origin: ORIGIN }]);
    stop();
  });

  it('opens a text the panel asks for and answers what came of it', () => {
    vi.useFakeTimers();
    const { win, sent, receive } = frameWindow();
    const show = vi.fn((key: { content_key: string }) => (key.content_key === 'title' ? ('opened' as const) : ('missing' as const)));
    const stop = connectVisualFrame(win, show);
    receive(showTextMessage(7, cafeTitle));
    receive(showTextMessage(8, { ...cafeTitle, content_key: 'nowhere' }));
    expect(show.mock.calls.map(([key]) => key)).toEqual([cafeTitle, { ...cafeTitle, content_key: 'nowhere' }]);
    // A text not on the page is looked for a while (the page may still be rendering) before 'missing'.
    expect(sent()).toHaveLength(2);
    vi.advanceTimersByTime(SHOW_WAIT_MS);
    expect(sent().slice(1).map((s) => s.message)).toEqual([
      { channel: VISUAL_CHANNEL, type: 'show-result', request: 7, key: cafeTitle, result: 'opened' },
      { channel: VISUAL_CHANNEL, type: 'show-result', request: 8, key: { ...cafeTitle, content_key: 'nowhere' }, result: 'missing' },
    ]);
    stop();
  });

  it('opens a text that appears after the question, once the page renders it', async () => {
    const { win, sent, receive } = frameWindow();
    const key = { page: 'cafe', section: 'about', content_key: 'heading' } as const;
    const show = vi.fn((asked: TextKey) => (findTextElement(asked) ? ('opened' as const) : ('missing' as const)));
    const stop = connectVisualFrame(win, show);
    receive(showTextMessage(3, key));
    expect(sent()).toHaveLength(1); // only 'ready': no answer yet
    // The page renders what is below its first screen a moment later.
    const heading = document.createElement('h2');
    Object.assign(heading.dataset, { cmsPage: 'cafe', cmsSection: 'about', cmsKey: 'heading' });
    document.body.append(heading);
    await vi.waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1].message).toEqual({ channel: VISUAL_CHANNEL, type: 'show-result', request: 3, key, result: 'opened' });
    // Answered once: later changes to the page ask nothing more.
    document.body.append(document.createElement('p'));
    await Promise.resolve();
    expect(show).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops looking when a newer question comes, or when it disconnects', () => {
    vi.useFakeTimers();
    const { win, sent, receive } = frameWindow();
    const show = vi.fn(() => 'missing' as const);
    const stop = connectVisualFrame(win, show);
    receive(showTextMessage(1, { ...cafeTitle, content_key: 'first' }));
    receive(showTextMessage(2, { ...cafeTitle, content_key: 'second' }));
    vi.advanceTimersByTime(SHOW_WAIT_MS);
    expect(sent().slice(1).map((s) => (s.message as { request: number }).request)).toEqual([2]);
    receive(showTextMessage(3, { ...cafeTitle, content_key: 'third' }));
    stop();
    vi.advanceTimersByTime(SHOW_WAIT_MS);
    expect(sent()).toHaveLength(2);
  });

  it('ignores another origin, any window but its parent, and anything not in the protocol', () => {
    const { win, sent, receive } = frameWindow();
    const show = vi.fn(() => 'opened' as const);
    const stop = connectVisualFrame(win, show);
    receive(showTextMessage(1, cafeTitle), { origin: 'https://evil.example' });
    receive(showTextMessage(2, cafeTitle), { origin: 'null' });
    receive(showTextMessage(3, cafeTitle), { source: { postMessage: vi.fn() } }); // another frame of this site
    receive(showTextMessage(4, cafeTitle), { source: null });
    receive({ ...showTextMessage(5, cafeTitle), channel: 'someone-else' });
    receive({ ...showTextMessage(6, cafeTitle), key: { page: 'nowhere', section: 'hero', content_key: 'title' } });
    receive({ channel: VISUAL_CHANNEL, type: 'ready', path: '/' }); // the page's own kind of message
    receive('show-text');
    expect(show).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(1); // only 'ready'
    stop();
  });

  it('tells the panel when drafts change in the page, with the text when the event names one', () => {
    const { win, sent } = frameWindow();
    const stop = connectVisualFrame(win, () => 'opened');
    win.dispatchEvent(new CustomEvent(DRAFT_CONTENT_CHANGED_EVENT, { detail: cafeTitle }));
    win.dispatchEvent(new CustomEvent(DRAFT_CONTENT_CHANGED_EVENT));
    expect(sent().slice(1).map((s) => s.message)).toEqual([
      { channel: VISUAL_CHANNEL, type: 'draft-changed', key: cafeTitle },
      { channel: VISUAL_CHANNEL, type: 'draft-changed' },
    ]);
    stop();
  });

  it('reports each move to another path once (Back, or the router without the Navigation API)', () => {
    vi.useFakeTimers();
    const { win, location, sent } = frameWindow('/cafe');
    const stop = connectVisualFrame(win, () => 'opened');
    location.pathname = '/beer';
    vi.advanceTimersByTime(LOCATION_POLL_MS);
    vi.advanceTimersByTime(LOCATION_POLL_MS * 3);
    location.pathname = '/common-room/member';
    win.dispatchEvent(new Event('popstate'));
    expect(sent().slice(1).map((s) => s.message)).toEqual([
      { channel: VISUAL_CHANNEL, type: 'location', path: '/beer' },
      { channel: VISUAL_CHANNEL, type: 'location', path: '/common-room/member' },
    ]);
    stop();
  });

  it('uses the Navigation API’s currententrychange where there is one (no polling)', async () => {
    const { win, location, sent } = frameWindow('/cafe');
    const navigation = new EventTarget();
    Object.assign(win, { navigation });
    const stop = connectVisualFrame(win, () => 'opened');
    location.pathname = '/hall';
    navigation.dispatchEvent(new Event('currententrychange'));
    await Promise.resolve();
    expect(sent().at(-1)?.message).toEqual({ channel: VISUAL_CHANNEL, type: 'location', path: '/hall' });
    stop();
  });

  it('stops hearing and telling once disconnected', () => {
    vi.useFakeTimers();
    const { win, location, sent, receive } = frameWindow();
    const show = vi.fn(() => 'opened' as const);
    connectVisualFrame(win, show)();
    receive(showTextMessage(1, cafeTitle));
    win.dispatchEvent(new CustomEvent(DRAFT_CONTENT_CHANGED_EVENT));
    location.pathname = '/beer';
    vi.advanceTimersByTime(LOCATION_POLL_MS * 2);
    expect(show).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(1);
  });
});

describe('the messages', () => {
  it('take only their own shapes', () => {
    expect(parseToFrame(showTextMessage(1, cafeTitle))).toEqual(showTextMessage(1, cafeTitle));
    expect(parseToFrame({ channel: VISUAL_CHANNEL, type: 'show-text', request: 1 })).toBeNull();
    expect(parseFromFrame({ channel: VISUAL_CHANNEL, type: 'location', path: 'https://evil.example/' })).toBeNull();
    expect(parseFromFrame({ channel: VISUAL_CHANNEL, type: 'location', path: '/cafe' })).toEqual({ channel: VISUAL_CHANNEL, type: 'location', path: '/cafe' });
    expect(parseFromFrame(null)).toBeNull();
  });

  it('know the visual editor’s frame by its name under a page of this site, never at the top or under another site', () => {
    expect(isVisualFrame(window)).toBe(false); // the test's window is a top window
    const parent = { location: { origin: ORIGIN } };
    const framed = { name: VISUAL_FRAME_NAME, parent, location: { origin: ORIGIN } } as unknown as Window;
    expect(isVisualFrame(framed)).toBe(true);
    expect(isVisualFrame({ ...framed, name: 'other' } as Window)).toBe(false);
    const top = { name: VISUAL_FRAME_NAME, location: { origin: ORIGIN } } as { parent?: unknown } & Record<string, unknown>;
    top.parent = top; // window.open(…, 'croft-cms-visual'): a named top window
    expect(isVisualFrame(top as unknown as Window)).toBe(false);
    const foreign = {
      get location(): never {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    expect(isVisualFrame({ ...framed, parent: foreign } as unknown as Window)).toBe(false);
  });
});

describe('findTextElement', () => {
  it('finds the text on screen, else the first copy, else nothing', () => {
    document.body.innerHTML = `
      <p data-cms-page="cafe" data-cms-section="hero" data-cms-key="subtitle">Sub</p>
      <h1 id="hidden" data-cms-page="cafe" data-cms-section="hero" data-cms-key="title">Hidden copy</h1>
      <h1 id="shown" data-cms-page="cafe" data-cms-section="hero" data-cms-key="title">Title</h1>`;
    expect(findTextElement(cafeTitle)?.id).toBe('hidden'); // jsdom lays nothing out: the first copy
    const shown = document.getElementById('shown') as HTMLElement;
    shown.getClientRects = () => [{}] as unknown as DOMRectList;
    expect(findTextElement(cafeTitle)).toBe(shown);
    expect(findTextElement({ ...cafeTitle, section: 'menu' })).toBeNull();
  });
});
