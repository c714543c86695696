import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SECRET_WORD_ORDER_MISMATCH_MESSAGE } from '@croft/contracts';
import {
  MOCK_WORD_ADDED_MEANWHILE,
  buildStaffSession,
  createSecretWordMockStore,
  identityHandlers,
  secretWordHandlers,
  type SecretWordMockOptions,
  type StaffSessionOptions,
} from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import { SecretWordsPage } from './secret-words-page';

const server = createMockServer([...secretWordHandlers(), ...identityHandlers()]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
  server.resetHandlers();
});
afterAll(() => server.close());

const EDITOR: StaffSessionOptions = { email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] };

function open(options: SecretWordMockOptions = {}, as: StaffSessionOptions | null = EDITOR) {
  const store = options.store ?? createSecretWordMockStore();
  server.resetHandlers(...secretWordHandlers({ ...options, store }), ...identityHandlers());
  if (as) getSessionClient().setSession(buildStaffSession(as));
  const toasts = createToastStore();
  render(
    <ToastProvider store={toasts}>
      <MemoryRouter initialEntries={['/cms/secret-words']}>
        <SecretWordsPage />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { store, toasts };
}

const activeList = () => screen.getByRole('list', { name: /^Active words/ });
const retiredList = () => screen.getByRole('list', { name: /^Retired words/ });
const activeWords = () =>
  within(activeList())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.cms-words__word')?.lastChild?.textContent);
const status = () => screen.getByRole('status');
/** The page's own notices (the toaster's empty alert region is always there). */
const notices = () => screen.queryAllByRole('alert').filter((el) => el.classList.contains('cms-staff-notice'));
async function findNotice(): Promise<HTMLElement> {
  return waitFor(() => {
    const [first] = notices();
    if (!first) throw new Error('no notice yet');
    return first;
  });
}

describe('/cms/secret-words', () => {
  it('lists the active words in order with their positions, then the retired ones', async () => {
    open();
    await screen.findByRole('list', { name: /^Active words/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Secret words' })).toBeInTheDocument();
    expect(activeWords()).toEqual(['cheers', 'harbourside', 'gromit', 'stillage', 'cask', 'brunel', 'sparkler', 'gert lush', 'mash tun', 'clifton']);
    expect(within(activeList()).getAllByRole('listitem')[0]).toHaveTextContent('1 of 10: cheers');
    expect(within(retiredList()).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['drayBring back', 'balloon fiestaBring back']);
    expect(screen.getByRole('button', { name: 'Move up: cheers' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: clifton' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: cheers' })).toBeEnabled();
  });

  it('moves a word with the keyboard: the order shows at once, is announced, keeps focus and is saved for the members', async () => {
    const user = userEvent.setup();
    const { store } = open();
    const down = await screen.findByRole('button', { name: 'Move down: cheers' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(activeWords().slice(0, 3)).toEqual(['harbourside', 'cheers', 'gromit']);
    expect(status()).toHaveTextContent('cheers moved down to position 2 of 10.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: cheers' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('cheers moved down to position 3 of 10.');
    await waitFor(() => expect(store.activeWords().slice(0, 3)).toEqual(['harbourside', 'gromit', 'cheers']));
    expect(store.audit[0]).toMatchObject({ action: 'secret_word.reordered', actor: { email: 'ann.editor@croftcommon.co.uk' } });

    // To the top: Move up is disabled there, so focus goes to Move down of the same word.
    const up = screen.getByRole('button', { name: 'Move up: gromit' });
    up.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move down: gromit' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Move up: gromit' })).toBeDisabled();
    await waitFor(() => expect(store.activeWords().slice(0, 3)).toEqual(['gromit', 'harbourside', 'cheers']));
    expect(notices()).toEqual([]);
  });

  it('checks a new word against the contract before sending it, in the contract’s words', async () => {
    const user = userEvent.setup();
    const { store } = open();
    const field = await screen.findByRole('textbox', { name: /New word/ });
    const before = store.list().length;
    await user.type(field, 'ipa 2');
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The word must be letters, with single spaces or hyphens between them.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, 'x'.repeat(41));
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The word must be at most 40 characters.'));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The word is required.'));
    expect(store.list()).toHaveLength(before);
  });

  it('adds a word at the end (spaces around it trimmed); a duplicate is refused in the service’s words', async () => {
    const user = userEvent.setup();
    const { store, toasts } = open();
    const field = await screen.findByRole('textbox', { name: /New word/ });
    await user.type(field, '  Bedminster Bitter {Enter}');
    await waitFor(() => expect(activeWords().at(-1)).toBe('Bedminster Bitter'));
    expect(field).toHaveValue('');
    expect(toasts.getSnapshot().map((t) => t.title)).toContain('Word added');
    expect(store.activeWords().at(-1)).toBe('Bedminster Bitter');
    expect(store.audit[0]).toMatchObject({ action: 'secret_word.created', target: 'Bedminster Bitter' });

    await user.type(field, 'GROMIT{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('That word is already on the list.')));
    expect(store.activeWords().filter((w) => w.toLowerCase() === 'gromit')).toHaveLength(1);
  });

  it('retires a word and brings it back at the end; focus follows the word', async () => {
    const user = userEvent.setup();
    const { store, toasts } = open();
    await user.click(await screen.findByRole('button', { name: 'Retire: gromit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bring back: gromit' })).toHaveFocus());
    expect(activeWords()).not.toContain('gromit');
    expect(status()).toHaveTextContent('gromit retired: it is no longer a word of the day.');
    expect(toasts.getSnapshot().map((t) => t.title)).toContain('Word retired');
    expect(store.activeWords()).not.toContain('gromit');

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retire: gromit' })).toHaveFocus());
    expect(activeWords().at(-1)).toBe('gromit');
    expect(store.activeWords().at(-1)).toBe('gromit');
    expect(store.audit.slice(0, 2).map((e) => e.action)).toEqual(['secret_word.restored', 'secret_word.retired']);
  });

  it('a reorder refused because the list changed meanwhile says so and reads the list again', async () => {
    const user = userEvent.setup();
    const { store } = open({ changedMeanwhile: MOCK_WORD_ADDED_MEANWHILE });
    await user.click(await screen.findByRole('button', { name: 'Move down: cheers' }));
    const alert = await findNotice();
    expect(alert).toHaveTextContent('The list changed.');
    expect(alert).toHaveTextContent(SECRET_WORD_ORDER_MISMATCH_MESSAGE);
    await waitFor(() => expect(activeWords().at(-1)).toBe(MOCK_WORD_ADDED_MEANWHILE));
    expect(activeWords()[0]).toBe('cheers');
    expect(store.audit.some((e) => e.action === 'secret_word.reordered')).toBe(false);
    // Against the list as it is now, the move is saved.
    await user.click(screen.getByRole('button', { name: 'Move down: cheers' }));
    await waitFor(() => expect(store.activeWords().slice(0, 2)).toEqual(['harbourside', 'cheers']));
  });

  it('a failed save puts the words back and says so', async () => {
    const user = userEvent.setup();
    const { store } = open({ failures: { reorderSecretWords: 500, updateSecretWord: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Move down: cheers' }));
    expect(await findNotice()).toHaveTextContent('Order not saved.');
    await waitFor(() => expect(activeWords()[0]).toBe('cheers'));
    await user.click(screen.getByRole('button', { name: 'Retire: cask' }));
    expect(await findNotice()).toHaveTextContent('Not retired.');
    expect(store.activeWords()).toContain('cask');
  });

  it('shows a loading state while the list is read', async () => {
    open({ delayMs: 'infinite' });
    expect(await screen.findByText('Loading secret words')).toBeInTheDocument();
  });

  it('with no words at all, says the reveal uses its built-in list', async () => {
    open({ store: createSecretWordMockStore([]) });
    expect(await screen.findByText(/No secret words yet/)).toBeInTheDocument();
    expect(screen.getByText('No retired words.')).toBeInTheDocument();
  });

  it('a list that cannot be read shows the reason and Try again', async () => {
    const user = userEvent.setup();
    const { store } = open({ failures: { listAllSecretWords: 500 } });
    expect(await findNotice()).toHaveTextContent('The secret words could not be loaded');
    server.resetHandlers(...secretWordHandlers({ store }), ...identityHandlers());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: /^Active words/ })).toBeInTheDocument();
  });

  it('someone without a role that may manage words is told so by the service', async () => {
    open({}, { email: 'member@example.com', roles: [] });
    expect(await findNotice()).toHaveTextContent('You do not have permission to do this.');
  });
});
