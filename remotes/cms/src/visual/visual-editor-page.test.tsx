import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITABLE_PAGES, PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { createEditingStore } from '@croft/mocks';
import { parseToFrame, showTextMessage, VISUAL_CHANNEL, VISUAL_FRAME_NAME } from '../overlay/visual-frame-messages';
import { createEditingServer, renderEditing, useWorld } from '../review/test-utils';
import { PAGE_LABELS } from '../review/text-labels';
import { VISUAL_NOT_FOUND_TITLE, VisualEditorPage } from './visual-editor-page';
import { frameTarget, pageOfPath, visualPath } from './visual-paths';

const server = createEditingServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const cafeTitle = { page: 'cafe', section: 'hero', content_key: 'title' } as const;

function renderVisual(path = '/cms/visual/cafe') {
  const result = renderEditing(<VisualEditorPage />, { path, route: '/cms/visual/:page/*' });
  const frame = () => document.querySelector('iframe') as HTMLIFrameElement;
  const page = () => frame().contentWindow as Window;
  /** A message as the page in the frame sends it (by default from the frame's window, at this origin). */
  const fromPage = (data: unknown, { origin = window.location.origin, source = page() as MessageEventSource | null } = {}) =>
    act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin, source })));
  const ready = (path = '/cafe') => fromPage({ channel: VISUAL_CHANNEL, type: 'ready', path });
  return { ...result, user: userEvent.setup(), frame, page, fromPage, ready };
}

const textItem = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
const pageList = async (name: string) => within(await screen.findByRole('list', { name })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/cms/visual/:page: the page in a frame beside its texts', () => {
  it('frames the real page, named for the overlay and titled', async () => {
    useWorld(server);
    const { frame } = renderVisual();
    expect(await screen.findByRole('heading', { level: 1, name: 'Visual editor: Cafe' })).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/cafe');
    expect(frame()).toHaveAttribute('name', VISUAL_FRAME_NAME);
    expect(frame()).toHaveAttribute('title', 'Cafe: the page, in edit mode');
  });

  it('lists every text of the page, drafts first (newest first), each live value against its draft, with its history', async () => {
    useWorld(server);
    renderVisual();
    const headings = await pageList('Texts on Cafe');
    const bundled = Object.values(PAGE_TEXT_DEFAULTS.cafe).flatMap((keys) => Object.keys(keys));
    expect(headings).toHaveLength(bundled.length);
    // The title's draft is 12 minutes old, the subtitle's 30: newest first, then the rest in page order.
    expect(headings.slice(0, 2)).toEqual(['hero · title', 'hero · subtitle']);
    const title = textItem('hero · title');
    expect(title).toHaveTextContent('Live The Croft Cafe');
    expect(title).toHaveTextContent('Published revision 4.');
    expect(title).toHaveTextContent(/Draft revision 5, saved by editor@example.com/);
    expect(title.querySelector('ins')).toHaveTextContent('Common');
    expect(within(title).getByRole('link', { name: 'History: Cafe · hero · title' })).toHaveAttribute('href', '/cms/history/cafe/hero/title');
    expect(screen.getByText(`${bundled.length} texts, 2 drafts waiting.`)).toBeInTheDocument();
    // A text with no stored version shows the site's bundled text.
    const plain = textItem(headings[2] as string);
    expect(plain).not.toHaveTextContent('Draft');
    // The texts on every page (brand name, footer) come after, with theirs.
    expect(await pageList('On every page')).toContain('tagline');
    expect(textItem('tagline')).toHaveTextContent(/Draft revision 2, saved by sam@example.com/);
  });

  it('links the page’s other editors and the review panel', async () => {
    useWorld(server);
    renderVisual();
    const links = within(await screen.findByRole('navigation', { name: 'More for Cafe' }));
    expect(links.getByRole('link', { name: 'Review and publish' })).toHaveAttribute('href', '/cms/review');
    expect(links.getByRole('link', { name: 'FAQ of Cafe' })).toHaveAttribute('href', '/cms/faq/cafe');
    expect(links.getByRole('link', { name: 'Images of Cafe' })).toHaveAttribute('href', '/cms/images/cafe');
  });

  it('Show on page asks the page in the frame, at this origin, and says what it answered; the frame takes the focus', async () => {
    useWorld(server);
    const { user, page, fromPage, ready, frame } = renderVisual();
    await screen.findByRole('heading', { level: 3, name: 'hero · title' });
    const post = vi.spyOn(page(), 'postMessage').mockImplementation(() => undefined);
    // Before the page is ready the request waits, and goes once it is.
    await user.click(screen.getByRole('button', { name: 'Show on page: Cafe · hero · title' }));
    expect(screen.getByText(/The page is still loading: Cafe · hero · title opens as soon as it is ready/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    ready();
    expect(post).toHaveBeenCalledTimes(1);
    const [message, origin] = post.mock.calls[0] as [unknown, string];
    expect(origin).toBe(window.location.origin);
    const asked = parseToFrame(message);
    expect(asked).toMatchObject({ type: 'show-text', key: cafeTitle });
    expect(screen.getByText('Editing in the page: choose a text there, or Show on page here.')).toBeInTheDocument();

    fromPage({ channel: VISUAL_CHANNEL, type: 'show-result', request: asked?.request, key: cafeTitle, result: 'opened' });
    expect(screen.getByText('Opened Cafe · hero · title in the page.')).toBeInTheDocument();
    expect(frame()).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Show on page: Every page (site-wide text) · tagline' }));
    const second = parseToFrame(post.mock.calls[1]?.[0]);
    expect(second).toMatchObject({ key: { page: 'global', section: 'global', content_key: 'tagline' } });
    fromPage({ channel: VISUAL_CHANNEL, type: 'show-result', request: second?.request, key: second?.key, result: 'missing' });
    expect(screen.getByText(/tagline is not on the page as it shows now/)).toBeInTheDocument();
    // An answer to an earlier request changes nothing; a popup already open in the page is said.
    fromPage({ channel: VISUAL_CHANNEL, type: 'show-result', request: asked?.request, key: cafeTitle, result: 'opened' });
    expect(screen.getByText(/tagline is not on the page as it shows now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show on page: Cafe · hero · subtitle' }));
    const third = parseToFrame(post.mock.calls[2]?.[0]);
    fromPage({ channel: VISUAL_CHANNEL, type: 'show-result', request: third?.request, key: third?.key, result: 'busy' });
    expect(screen.getByText(/Another text’s editor is open in the page: save or cancel it there/)).toBeInTheDocument();
  });

  it('reads the texts again when a draft is saved in the page', async () => {
    const store = useWorld(server);
    const { fromPage } = renderVisual();
    await screen.findByRole('heading', { level: 3, name: 'hero · title' });
    const lede = { page: 'cafe', section: 'about', content_key: 'heading' } as const;
    expect(textItem('about · heading')).not.toHaveTextContent('Draft');
    store.save(lede, { text: 'Saved in the frame' }, store.entry(lede).head_revision);
    fromPage({ channel: VISUAL_CHANNEL, type: 'draft-changed', key: lede });
    await waitFor(() => expect(textItem('about · heading')).toHaveTextContent(/Draft revision 2, saved by editor@example.com/));
    expect(textItem('about · heading').querySelector('ins')).toHaveTextContent('Saved');
    expect((await pageList('Texts on Cafe'))[0]).toBe('about · heading');
  });

  it('hears only the page in its own frame at this origin', async () => {
    const store = useWorld(server);
    const { fromPage } = renderVisual();
    await screen.findByRole('heading', { level: 3, name: 'hero · title' });
    const lede = { page: 'cafe', section: 'about', content_key: 'heading' } as const;
    store.save(lede, { text: 'Not announced' }, store.entry(lede).head_revision);
    const changed = { channel: VISUAL_CHANNEL, type: 'draft-changed' };
    fromPage(changed, { origin: 'https://evil.example' });
    fromPage(changed, { source: window });
    fromPage(changed, { source: null });
    fromPage({ channel: VISUAL_CHANNEL, type: 'ready', path: '/cafe' }, { origin: 'https://evil.example' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(textItem('about · heading')).not.toHaveTextContent('Draft');
    expect(screen.getByText('Connecting to the page…')).toBeInTheDocument();
  });

  it('follows the page in the frame to another page without reloading it; a path of no page is said', async () => {
    useWorld(server);
    const { fromPage, ready, frame, user } = renderVisual();
    await screen.findByRole('heading', { level: 3, name: 'hero · title' });
    ready('/cafe');
    const first = frame();
    fromPage({ channel: VISUAL_CHANNEL, type: 'location', path: '/beer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Visual editor: Beer' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cms/visual/beer');
    expect(frame()).toBe(first);
    expect(await screen.findByRole('list', { name: 'Texts on Beer' })).toBeInTheDocument();

    fromPage({ channel: VISUAL_CHANNEL, type: 'location', path: '/book' });
    expect(await screen.findByText(/The frame shows \/book, which is not one of the pages/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cms/visual/beer');
    expect(frame()).toHaveAttribute('title', 'The page at /book, in edit mode');
    await user.click(screen.getByRole('button', { name: 'Back to Beer' }));
    expect(frame()).not.toBe(first);
    expect(frame()).toHaveAttribute('src', '/beer');
  });

  it('opens a subpath of a page in the frame (/common-room/…)', async () => {
    useWorld(server);
    const { frame } = renderVisual('/cms/visual/common-room/member/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visual editor: The Common Room' })).toBeInTheDocument();
    expect(frame()).toHaveAttribute('src', '/common-room/member/profile');
  });

  it('switches the page’s width and folds the panel away', async () => {
    useWorld(server);
    const { user } = renderVisual();
    const widths = within(screen.getByRole('group', { name: 'Page width' }));
    const phone = widths.getByRole('button', { name: /Phone/ });
    expect(widths.getByRole('button', { name: /Desktop/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(phone);
    expect(phone).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('.cms-visual__stage')).toHaveClass('cms-visual__stage--phone');
    const toggle = screen.getByRole('button', { name: 'Hide the texts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show the texts' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('complementary', { name: 'Texts of Cafe' })).not.toBeInTheDocument();
  });

  it('a failed read says so and tries again', async () => {
    useWorld(server, { store: createEditingStore(), failures: { getEditorPageText: 503 } });
    const { user } = renderVisual();
    const problems = await screen.findAllByText(/The texts could not be loaded/);
    expect(problems).toHaveLength(2); // the page's and the site-wide texts, each on its own
    const problem = problems[0]?.closest('[role="alert"]') as HTMLElement;
    useWorld(server, { store: createEditingStore() });
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Texts on Cafe' })).toBeInTheDocument();
  });

  it('an unknown page says so and lists every page there is to edit', async () => {
    renderVisual('/cms/visual/garden');
    expect(await screen.findByRole('heading', { level: 1, name: VISUAL_NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.getByText('There is no page called “garden” to edit.')).toHaveAttribute('role', 'alert');
    for (const page of EDITABLE_PAGES) {
      expect(screen.getByRole('link', { name: PAGE_LABELS[page] })).toHaveAttribute('href', visualPath(page));
    }
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['/cms/visual/cafe/nowhere', 'The site has no page at /cafe/nowhere to edit.'],
    ['/cms/visual/home/cms/review', 'The site has no page at /cms/review to edit.'],
    ['/cms/visual/cafe/%2E%2E/cms', 'That address is not a page of the site.'],
  ])('%s is no page of the site: it says so, and never frames it', async (path, message) => {
    renderVisual(path);
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the visual editor’s paths', () => {
  it('frame each page at its site path, through the route table', () => {
    expect(frameTarget('home')).toEqual({ ok: true, path: '/' });
    expect(frameTarget('global')).toEqual({ ok: true, path: '/' });
    expect(frameTarget('cafe')).toEqual({ ok: true, path: '/cafe' });
    expect(frameTarget('home', 'book')).toEqual({ ok: true, path: '/book' });
    expect(frameTarget('common-room', 'member/ledger')).toEqual({ ok: true, path: '/common-room/member/ledger' });
    expect(frameTarget('home', 'admin')).toEqual({ ok: false, path: '/admin' });
    expect(frameTarget('cafe', '../cms')).toEqual({ ok: false, path: null });
  });

  it('know the page of a path the frame reports', () => {
    expect(pageOfPath('/')).toEqual({ page: 'home', rest: '' });
    expect(pageOfPath('/cafe/')).toEqual({ page: 'cafe', rest: '' });
    expect(pageOfPath('/common-room/member')).toEqual({ page: 'common-room', rest: 'member' });
    expect(pageOfPath('/home')).toBeNull();
    expect(pageOfPath('/book')).toBeNull();
    expect(visualPath('common-room', 'member/profile')).toBe('/cms/visual/common-room/member/profile');
  });

  it('message helpers carry only the text’s key', () => {
    expect(showTextMessage(1, { ...cafeTitle, extra: 1 } as typeof cafeTitle)).toEqual({ channel: VISUAL_CHANNEL, type: 'show-text', request: 1, key: cafeTitle });
  });
});
