import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import {
  CMS_AUTH_REQUIRED_TOAST,
  CMS_SAVED_TOAST,
  DRAFT_CONTENT_CHANGED_EVENT,
  EDITOR_POPUP_MARGIN,
  EDITOR_POPUP_WIDTH,
  type TextKey,
} from '@croft/contracts';
import { buildSeedVersions, buildTextVersion, createEditingStore, editingHandlers, MOCK_EDITOR, MOCK_OTHER_EDITOR, type EditingMockOptions } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { ToastProvider, dismissToast } from '@croft/ui';
import { createEditingClient } from '../editing/api/editing-client';
import { EditingClientProvider } from '../editing/api/editing-context';
import { EditorPopup, isMultiLine } from './editor-popup';
import { textTargetOf } from './text-targets';

// The editing mocks underneath every test's own: a popup closed by the cleanup still says it left.
const server = createMockServer(editingHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  dismissToast();
  document.body.innerHTML = '';
});
afterAll(() => server.close());

const KEY = { page: 'cafe', section: 'hero', content_key: 'title' } as const satisfies TextKey;
const signedIn = createEditingClient({ baseUrl: 'http://api.test', getAccessToken: () => 'token' });

/** A store whose cafe hero title is `text` (published revision 1). */
function storeWith(text: string) {
  return createEditingStore([...buildSeedVersions(['home']), buildTextVersion({ ...KEY, content_data: { text } })]);
}

function setup({ text = 'The Cafe', mocks = {}, client = signedIn }: { text?: string; mocks?: EditingMockOptions; client?: typeof signedIn } = {}) {
  const store = mocks.store ?? storeWith(text);
  server.use(...editingHandlers({ ...mocks, store }));
  const element = document.createElement('h1');
  element.dataset.cmsPage = KEY.page;
  element.dataset.cmsSection = KEY.section;
  element.dataset.cmsKey = KEY.content_key;
  element.tabIndex = 0;
  element.textContent = text;
  document.body.append(element);
  element.getBoundingClientRect = () => ({ top: 100, left: 900, bottom: 140, right: 1000, width: 100, height: 40, x: 900, y: 100, toJSON: () => ({}) });
  element.focus();
  const onClose = vi.fn();
  const Query = queryWrapper();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Query>
      <EditingClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </EditingClientProvider>
    </Query>
  );
  const target = textTargetOf(element)!;
  const view = render(<EditorPopup target={target} onClose={onClose} />, { wrapper });
  return { store, element, onClose, user: userEvent.setup(), ...view };
}

const content = () => screen.findByLabelText('Content');
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const toaster = () => screen.getByRole('region', { name: 'Notifications' });

describe('EditorPopup', () => {
  it('multi-line editor past 100 characters or with a newline, one line otherwise', async () => {
    expect(isMultiLine('x'.repeat(100))).toBe(false);
    expect(isMultiLine('x'.repeat(101))).toBe(true);
    expect(isMultiLine('two\nlines')).toBe(true);

    const exact = setup({ text: 'x'.repeat(100) });
    expect((await content()).tagName).toBe('INPUT');
    exact.unmount();
    const long = setup({ text: 'y'.repeat(101) });
    expect((await content()).tagName).toBe('TEXTAREA');
    long.unmount();
    setup({ text: 'two\nlines' });
    expect((await content()).tagName).toBe('TEXTAREA');
  });

  it('opens as a labelled dialog with focus in Content and every field named; 300 px, 20 px inside the viewport', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    const field = await content();
    await waitFor(() => expect(field).toHaveFocus());
    for (const name of ['Page Position', 'Text Alignment', 'Top Margin', 'Bottom Margin']) expect(screen.getByLabelText(name)).toBeInTheDocument();
    const top = within(dialog).getByLabelText('Top Margin');
    expect(within(top).getAllByRole('option').map((o) => o.textContent)).toEqual(['Default', 'None', 'Small', 'Medium', 'Large', 'X-Large']);
    expect(within(top).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', '0', '1', '2', '4', '8']);
    // The text sits at x 900 on a 1024 px window: the popup keeps 20 px from the right edge.
    expect(dialog.style.width).toBe(`${EDITOR_POPUP_WIDTH}px`);
    expect(dialog.style.left).toBe(`${window.innerWidth - EDITOR_POPUP_MARGIN - EDITOR_POPUP_WIDTH}px`);
    expect(parseFloat(dialog.style.top)).toBeGreaterThanOrEqual(EDITOR_POPUP_MARGIN);
    // History: every published version of this text, to compare and restore.
    expect(within(dialog).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/cms/history/cafe/hero/title');
  });

  it('History waits while there is an unsaved change (leaving would drop it)', async () => {
    const { user } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit text' });
    await user.type(await content(), ' edited');
    await user.click(within(dialog).getByRole('link', { name: 'History' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Save or cancel your change before opening the history.');
    expect(await content()).toHaveValue('The Cafe edited');
  });

  it('Save is disabled until the text or the positioning changes', async () => {
    const { user } = setup();
    const field = await content();
    expect(saveButton()).toBeDisabled();
    await user.type(field, '!');
    expect(saveButton()).toBeEnabled();
    await user.type(field, '{Backspace}');
    expect(saveButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Bottom Margin'), 'Large');
    expect(saveButton()).toBeEnabled();
    await user.selectOptions(screen.getByLabelText('Page Position'), 'Page right');
    await user.click(saveButton());
    expect(await within(toaster()).findByText(CMS_SAVED_TOAST.title)).toBeInTheDocument();
  });

  it('Enter saves a draft over the head revision, toasts, announces draft-content-changed and closes', async () => {
    const heard = vi.fn();
    window.addEventListener(DRAFT_CONTENT_CHANGED_EVENT, heard);
    const { user, store, onClose } = setup();
    const field = await content();
    await user.clear(field);
    await user.type(field, 'The New Cafe{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(within(toaster()).getByText(CMS_SAVED_TOAST.title)).toBeInTheDocument();
    expect(within(toaster()).getByText(CMS_SAVED_TOAST.description)).toBeInTheDocument();
    expect(store.entry(KEY)).toMatchObject({ head_revision: 2, draft: { published: false, content_data: { text: 'The New Cafe' }, created_by: MOCK_EDITOR } });
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(DRAFT_CONTENT_CHANGED_EVENT, heard);
  });

  it('Shift+Enter adds a line (the field becomes multi-line); Enter then saves both lines', async () => {
    const { user, store, onClose } = setup({ text: 'Coffee' });
    const field = await content();
    await user.click(field);
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    const area = await screen.findByRole('textbox', { name: 'Content' });
    expect(area.tagName).toBe('TEXTAREA');
    await waitFor(() => expect(area).toHaveFocus());
    await user.keyboard('and cake{Shift>}{Enter}{/Shift}daily');
    expect(area).toHaveValue('Coffee\nand cake\ndaily');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.entry(KEY).draft?.content_data.text).toBe('Coffee\nand cake\ndaily');
  });

  it('Escape and Cancel close without saving', async () => {
    const first = setup();
    await first.user.type(await content(), ' changed');
    await first.user.keyboard('{Escape}');
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(first.store.entry(KEY).head_revision).toBe(1);
    first.unmount();

    const second = setup();
    await second.user.type(await content(), ' changed');
    await second.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalled();
    expect(second.store.entry(KEY).head_revision).toBe(1);
  });

  it('a failed save: "Save Failed" with "Error: " and the message; the popup stays open with the edit', async () => {
    const { user, onClose } = setup({ mocks: { failures: { saveDraft: { status: 500, code: 'internal_error', message: 'Database unavailable' } } } });
    const field = await content();
    await user.type(field, '!{Enter}');
    expect(await within(toaster()).findByText('Save Failed')).toBeInTheDocument();
    expect(within(toaster()).getByText('Error: Database unavailable')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(field).toHaveValue('The Cafe!');
  });

  it('signed out: "Authentication Required" (no session at all, or the service says 401)', async () => {
    const noSession = setup({ client: createEditingClient({ baseUrl: 'http://api.test', getAccessToken: () => null }) });
    expect(await within(toaster()).findByText(CMS_AUTH_REQUIRED_TOAST.title)).toBeInTheDocument();
    expect(within(toaster()).getByText(CMS_AUTH_REQUIRED_TOAST.description)).toBeInTheDocument();
    await waitFor(() => expect(noSession.onClose).toHaveBeenCalled());
    noSession.unmount();
    dismissToast();

    const expired = setup({ mocks: { failures: { saveDraft: { status: 401, code: 'not_authenticated', message: 'Sign in' } } } });
    await expired.user.type(await content(), '!{Enter}');
    expect(await within(toaster()).findByText(CMS_AUTH_REQUIRED_TOAST.title)).toBeInTheDocument();
    expect(expired.store.entry(KEY).head_revision).toBe(1);
  });

  it('409: shows theirs and mine; Keep mine saves over their new head, nothing lost', async () => {
    const { user, store, onClose } = setup({ mocks: { conflictText: 'Their cafe' } });
    const field = await content();
    await user.clear(field);
    await user.type(field, 'My cafe{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Edit text' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`${MOCK_OTHER_EDITOR.email} changed this text while you were editing.`);
    expect(screen.getByText('Their cafe')).toBeInTheDocument();
    expect(screen.getByText('My cafe')).toBeInTheDocument();
    expect(store.entry(KEY).draft?.content_data.text).toBe('Their cafe');
    const keep = screen.getByRole('button', { name: 'Keep mine' });
    await waitFor(() => expect(keep).toHaveFocus());
    await user.click(keep);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.entry(KEY)).toMatchObject({ head_revision: 3, draft: { content_data: { text: 'My cafe' } } });
    expect(within(toaster()).getByText(CMS_SAVED_TOAST.title)).toBeInTheDocument();
  });

  it('409: Use theirs closes without saving mine', async () => {
    const { user, store, onClose } = setup({ mocks: { conflictText: 'Their cafe' } });
    await user.type(await content(), ' mine{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Use theirs' }));
    expect(onClose).toHaveBeenCalled();
    expect(store.entry(KEY)).toMatchObject({ head_revision: 2, draft: { content_data: { text: 'Their cafe' } } });
  });

  it('presence: shows who else has the text open, and says it left on close', async () => {
    const store = storeWith('The Cafe');
    const { unmount } = setup({ mocks: { store, othersEditing: [MOCK_OTHER_EDITOR.email] } });
    expect(await screen.findByText(`Also editing: ${MOCK_OTHER_EDITOR.email}`)).toBeInTheDocument();
    expect(store.presence.get('cafe/hero/title')?.map((p) => p.email)).toEqual([MOCK_EDITOR.email]);
    unmount();
    await waitFor(() => expect(store.presence.get('cafe/hero/title')).toEqual([]));
  });

  it('focus goes back to the text when the popup closes', async () => {
    const { element, user, rerender, onClose } = setup();
    await waitFor(async () => expect(await content()).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    rerender(<></>);
    await waitFor(() => expect(element).toHaveFocus());
  });
});
