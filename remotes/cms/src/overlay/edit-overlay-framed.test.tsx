import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CMS_EDIT_MODE_ATTRIBUTE } from '@croft/contracts';
import { createEditingStore, editingHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { getEditMode, setEditMode, setPreviewMode } from '@croft/session';
import { ToastProvider, dismissToast } from '@croft/ui';
import { createEditingClient } from '../editing/api/editing-client';
import { EDIT_MODE_STORAGE_KEY } from './edit-mode-persistence';
import EditOverlay from './edit-overlay';
import { SHOW_WAIT_MS } from './visual-frame-bridge';
import { parseFromFrame, showTextMessage, VISUAL_CHANNEL, type FromFrameMessage } from './visual-frame-messages';

// The overlay as the page inside the visual editor's frame has it: the test's window plays that
// page (its parent is itself here), so what the page tells the panel is what it posts to window.
vi.mock('./visual-frame-messages', async (original) => ({ ...(await original<typeof import('./visual-frame-messages')>()), isVisualFrame: () => true }));

const server = createMockServer(editingHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let posted: ReturnType<typeof vi.spyOn>;
// jsdom lays nothing out and has no scrollIntoView: a stand-in that records the call.
const scrolled = vi.fn();
beforeEach(() => {
  posted = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
  Element.prototype.scrollIntoView = scrolled;
  scrolled.mockClear();
});
afterEach(() => {
  act(() => setEditMode(false));
  server.resetHandlers();
  dismissToast();
  sessionStorage.clear();
  posted.mockRestore();
});
afterAll(() => server.close());

const client = createEditingClient({ baseUrl: 'http://api.test', getAccessToken: () => 'token' });
const cafeTitle = { page: 'cafe', section: 'hero', content_key: 'title' } as const;
const subtitle = { ...cafeTitle, content_key: 'subtitle' };
const told = (): (FromFrameMessage | null)[] => posted.mock.calls.map(([message]: unknown[]) => parseFromFrame(message)).filter(Boolean);
const fromPanel = (data: unknown, origin = window.location.origin) =>
  act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin, source: window })));

function renderFramedPage() {
  server.resetHandlers(...editingHandlers({ store: createEditingStore() }));
  render(
    <ToastProvider>
      <h1 data-cms-page="cafe" data-cms-section="hero" data-cms-key="title">
        The Cafe
      </h1>
      <p data-cms-page="cafe" data-cms-section="hero" data-cms-key="subtitle">
        Coffee
      </p>
      <EditOverlay client={client} />
    </ToastProvider>,
    { wrapper: queryWrapper(createTestQueryClient()) },
  );
  return userEvent.setup();
}

describe('the overlay inside the visual editor’s frame', () => {
  it('starts in edit mode and leaves the tab’s saved mode alone, whatever it does', async () => {
    sessionStorage.setItem(EDIT_MODE_STORAGE_KEY, '00');
    const user = renderFramedPage();
    expect(screen.getByRole('button', { name: 'Edit mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute(CMS_EDIT_MODE_ATTRIBUTE, 'true');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(getEditMode()).toEqual({ editMode: true, previewMode: true });
    expect(sessionStorage.getItem(EDIT_MODE_STORAGE_KEY)).toBe('00');
    expect(told()).toContainEqual({ channel: VISUAL_CHANNEL, type: 'ready', path: window.location.pathname });
  });

  it('opens the text the panel asks for (editing turned back on if it was off) and answers; a text not on the page is answered no', async () => {
    renderFramedPage();
    act(() => setPreviewMode(true));
    fromPanel(showTextMessage(3, cafeTitle));
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    expect(dialog).toHaveTextContent('cafe · hero · title');
    expect(await within(dialog).findByLabelText('Content')).toHaveValue('The Cafe');
    expect(getEditMode()).toEqual({ editMode: true, previewMode: false });
    expect(scrolled).toHaveBeenCalledWith({ block: 'center', inline: 'nearest' });
    expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'The Cafe' }));
    expect(told()).toContainEqual({ channel: VISUAL_CHANNEL, type: 'show-result', request: 3, key: cafeTitle, result: 'opened' });

    // A text not on the page is looked for while the page may still be rendering, then answered no.
    vi.useFakeTimers();
    try {
      fromPanel(showTextMessage(4, { ...cafeTitle, content_key: 'missing' }));
      expect(told().filter((m) => m?.type === 'show-result' && m.request === 4)).toEqual([]);
      vi.advanceTimersByTime(SHOW_WAIT_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(told()).toContainEqual({ channel: VISUAL_CHANNEL, type: 'show-result', request: 4, key: { ...cafeTitle, content_key: 'missing' }, result: 'missing' });
  });

  it('never replaces an open popup of another text (it may hold an unsaved edit); the same text is just shown again', async () => {
    const user = renderFramedPage();
    fromPanel(showTextMessage(1, cafeTitle));
    const field = await within(await screen.findByRole('dialog', { name: 'Edit text' })).findByLabelText('Content');
    await user.type(field, ' unsaved');
    fromPanel(showTextMessage(2, subtitle));
    expect(told()).toContainEqual({ channel: VISUAL_CHANNEL, type: 'show-result', request: 2, key: subtitle, result: 'busy' });
    expect(screen.getByRole('dialog', { name: 'Edit text' })).toHaveTextContent('cafe · hero · title');
    expect(field).toHaveValue('The Cafe unsaved');
    fromPanel(showTextMessage(3, cafeTitle));
    expect(told()).toContainEqual({ channel: VISUAL_CHANNEL, type: 'show-result', request: 3, key: cafeTitle, result: 'opened' });
    expect(field).toHaveValue('The Cafe unsaved');
  });

  it('takes no message from another origin', async () => {
    renderFramedPage();
    fromPanel(showTextMessage(5, cafeTitle), 'https://evil.example');
    await waitFor(() => expect(told().some((m) => m?.type === 'ready')).toBe(true));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(told().some((m) => m?.type === 'show-result')).toBe(false);
  });

  it('sends its staff links to the whole tab, not the frame', () => {
    renderFramedPage();
    expect(screen.getByRole('link', { name: 'Review and publish' })).toHaveAttribute('target', '_top');
  });
});
