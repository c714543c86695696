import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAQ_ERROR_MESSAGES, type PageKey } from '@croft/contracts';
import {
  buildStaffSession,
  createFaqEditingStore,
  faqEditingHandlers,
  identityHandlers,
  type FaqEditingMockOptions,
  type StaffSessionOptions,
} from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import { FaqEditorPage, faqTextProblem } from './faq-editor-page';

const server = createMockServer([...faqEditingHandlers(), ...identityHandlers()]);
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

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function open(page: string = 'home', options: FaqEditingMockOptions = {}) {
  const store = options.store ?? createFaqEditingStore();
  server.resetHandlers(...faqEditingHandlers({ ...options, store }), ...identityHandlers());
  getSessionClient().setSession(buildStaffSession(EDITOR));
  const toasts = createToastStore();
  render(
    <ToastProvider store={toasts}>
      <MemoryRouter initialEntries={[`/cms/faq/${page}`]}>
        <Routes>
          <Route path="/cms/faq/:page" element={<FaqEditorPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { store, toasts };
}

const list = () => screen.findByRole('list', { name: /^Questions on/ });
async function questions(): Promise<string[]> {
  return within(await list())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.lastChild?.textContent ?? '');
}
const itemOf = async (question: string) => (await screen.findByRole('heading', { level: 3, name: new RegExp(question.replace(/[?.]/g, '\\$&')) })).closest('li')!;
const status = () => screen.getByRole('status');
const storeQuestions = (store: ReturnType<typeof createFaqEditingStore>, page: PageKey = 'home') => store.pageRows(page).map((r) => r.question);

describe('FaqEditorPage', () => {
  it('lists the page’s questions in order with their status, drafts included; the picker switches page', async () => {
    const { store } = open();
    expect(await questions()).toEqual(storeQuestions(store));
    const draft = await itemOf('Do you sell gift cards?');
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: 'Publish: Do you sell gift cards?' })).toBeInTheDocument();
    const live = await itemOf(store.pageRows('home')[0].question);
    expect(within(live).getByText('Published')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Questions on Home \(5, 1 draft\)/ })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'Beer');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cms/faq/beer'));
    await waitFor(async () => expect(await questions()).toEqual(storeQuestions(store, 'beer')));
  });

  it('explains the rules before sending, then adds a draft at the end', async () => {
    const { store, toasts } = open();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getByRole('textbox', { name: /Question/ })).toHaveAccessibleDescription(/The question is required\./);
    expect(screen.getByRole('textbox', { name: /Answer/ })).toHaveAccessibleDescription(/The answer is required\./);
    expect(store.audit).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Question/ }), 'Is there step-free access?');
    await userEvent.type(screen.getByRole('textbox', { name: /Answer/ }), 'Yes, from the main door.');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(async () => expect((await questions()).at(-1)).toBe('Is there step-free access?'));
    expect(within(await itemOf('Is there step-free access?')).getByText('Draft')).toBeInTheDocument();
    expect(storeQuestions(store).at(-1)).toBe('Is there step-free access?');
    expect(toasts.getSnapshot().map((t) => t.title)).toContain('Question added');
    expect(screen.getByRole('textbox', { name: /Question/ })).toHaveValue('');
  });

  it('shows the service’s refusal in words and keeps what was typed', async () => {
    const { store } = open();
    const first = store.pageRows('home')[0].question;
    await list();
    await userEvent.type(screen.getByRole('textbox', { name: /Question/ }), first);
    await userEvent.type(screen.getByRole('textbox', { name: /Answer/ }), 'Again.');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(FAQ_ERROR_MESSAGES.faq_question_exists)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Question/ })).toHaveValue(first);
  });

  it('edits inline and saves over the version it started from', async () => {
    const { store } = open();
    const row = { ...store.pageRows('home')[1] };
    await userEvent.click(await screen.findByRole('button', { name: `Edit: ${row.question}` }));
    const form = screen.getByRole('form', { name: `Edit: ${row.question}` });
    expect(within(form).getByText(/changes what visitors see straight away/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    const answer = within(form).getByRole('textbox', { name: /Answer/ });
    await userEvent.clear(answer);
    await userEvent.type(answer, 'Only for groups of eight or more.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: `Edit: ${row.question}` })).not.toBeInTheDocument());
    expect(within(await itemOf(row.question)).getByText('Only for groups of eight or more.')).toBeInTheDocument();
    expect(store.rows.find((r) => r.id === row.id)).toMatchObject({ answer: 'Only for groups of eight or more.', version: row.version + 1 });
    expect(screen.getByRole('button', { name: `Edit: ${row.question}` })).toHaveFocus();
  });

  it('a conflict says so with a reload; after the reload the editor sees theirs and can save', async () => {
    const { store } = open('home', { conflictAnswer: 'Their newer answer.' });
    const row = { ...store.pageRows('home')[0] };
    await userEvent.click(await screen.findByRole('button', { name: `Edit: ${row.question}` }));
    const editForm = () => screen.getByRole('form', { name: `Edit: ${row.question}` });
    const answer = within(editForm()).getByRole('textbox', { name: /Answer/ });
    await userEvent.clear(answer);
    await userEvent.type(answer, 'Mine.');
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText(/Changed by someone else/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(FAQ_ERROR_MESSAGES.edit_conflict);
    expect(store.rows.find((r) => r.id === row.id)?.answer).toBe('Their newer answer.');

    await userEvent.click(screen.getByRole('button', { name: 'Reload the questions' }));
    expect(within(await itemOf(row.question)).getByText('Their newer answer.')).toBeInTheDocument();
    expect(screen.queryByText(/Changed by someone else/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Edit: ${row.question}` }));
    const again = within(editForm()).getByRole('textbox', { name: /Answer/ });
    await userEvent.clear(again);
    await userEvent.type(again, 'Mine, after all.');
    await userEvent.click(within(editForm()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.rows.find((r) => r.id === row.id)?.answer).toBe('Mine, after all.'));
  });

  it('publishes and unpublishes, announced', async () => {
    const { store } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish: Do you sell gift cards?' }));
    await waitFor(() => expect(status()).toHaveTextContent('“Do you sell gift cards?” is published: visitors see it now.'));
    expect(store.rows.find((r) => r.question === 'Do you sell gift cards?')?.published).toBe(true);
    const unpublish = screen.getByRole('button', { name: 'Unpublish: Do you sell gift cards?' });
    await waitFor(() => expect(unpublish).toHaveFocus());
    await userEvent.click(unpublish);
    await waitFor(() => expect(store.rows.find((r) => r.question === 'Do you sell gift cards?')?.published).toBe(false));
    expect(within(await itemOf('Do you sell gift cards?')).getByText('Draft')).toBeInTheDocument();
  });

  it('reorders with Move up / Move down from the keyboard: announced, focus kept, saved', async () => {
    const { store } = open();
    const [first, second] = storeQuestions(store);
    const down = await screen.findByRole('button', { name: `Move down: ${first}` });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(async () => expect((await questions()).slice(0, 2)).toEqual([second, first]));
    expect(status()).toHaveTextContent(`“${first}” moved to position 2 of 5.`);
    await waitFor(() => expect(storeQuestions(store).slice(0, 2)).toEqual([second, first]));
    expect(screen.getByRole('button', { name: `Move down: ${first}` })).toHaveFocus();
    expect(screen.getByRole('button', { name: `Move up: ${second}` })).toBeDisabled();
  });

  it('reorders by dragging a question onto another', async () => {
    const { store } = open();
    const order = storeQuestions(store);
    const last = await itemOf(order[3]);
    const target = await itemOf(order[0]);
    fireEvent.dragStart(last);
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    fireEvent.dragEnd(last);
    await waitFor(() => expect(storeQuestions(store)).toEqual([order[3], order[0], order[1], order[2], order[4]]));
    expect(await questions()).toEqual([order[3], order[0], order[1], order[2], order[4]]);
  });

  it('a refused reorder reads the list again and says nothing moved', async () => {
    const { store } = open('home', { failures: { reorderFaqRows: { status: 409, code: 'faq_order_mismatch', message: FAQ_ERROR_MESSAGES.faq_order_mismatch } } });
    const order = storeQuestions(store);
    await userEvent.click(await screen.findByRole('button', { name: `Move down: ${order[0]}` }));
    expect(await screen.findByText(/Nothing was moved/)).toBeInTheDocument();
    await waitFor(async () => expect(await questions()).toEqual(order));
  });

  it('deletes only after confirmation', async () => {
    const { store } = open();
    const row = store.pageRows('home')[2];
    await userEvent.click(await screen.findByRole('button', { name: `Delete: ${row.question}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    expect(dialog).toHaveTextContent('visitors will no longer see it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.rows.some((r) => r.id === row.id)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: `Delete: ${row.question}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(store.rows.some((r) => r.id === row.id)).toBe(false));
    await waitFor(async () => expect(await questions()).not.toContain(row.question));
  });

  it('a delete over a stale version closes the dialog and offers a reload; nothing is deleted', async () => {
    const { store } = open('home', { conflictAnswer: 'Changed meanwhile.' });
    const row = { ...store.pageRows('home')[0] };
    await userEvent.click(await screen.findByRole('button', { name: `Delete: ${row.question}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete question' }));
    expect(await screen.findByText(/Changed by someone else/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.rows.some((r) => r.id === row.id)).toBe(true);
    expect(screen.getByRole('button', { name: 'Reload the questions' })).toBeInTheDocument();
  });

  it('says when the list cannot be read, with Try again', async () => {
    open('home', { failures: { listFaqEditorRows: 500 } });
    expect(await screen.findByText(/The questions could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('names an unknown page and shows Home instead', async () => {
    const { store } = open('nowhere');
    expect(await screen.findByText(/There is no page called “nowhere”/)).toBeInTheDocument();
    expect(await questions()).toEqual(storeQuestions(store));
  });
});

describe('faqTextProblem', () => {
  it('words the contract’s rules', () => {
    expect(faqTextProblem('question', '  ')).toBe('The question is required.');
    expect(faqTextProblem('question', 'Two\nlines')).toMatch(/^The question must be one line/);
    expect(faqTextProblem('answer', 'x'.repeat(3001))).toBe('The answer must be at most 3000 characters.');
    expect(faqTextProblem('answer', 'Line one\nline two')).toBeNull();
  });
});
