import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FAQ_ERROR_MESSAGES } from '@croft/contracts';
import { buildStaffSession, createFaqEditingStore, faqEditingHandlers, faqEditingScenarios, identityHandlers } from '@croft/mocks';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { AN_EDITOR } from '../staff/story-utils';
import { FaqEditorPage } from './faq-editor-page';
import { signOutQuietly } from '@croft/session/testing';

/** The page at /cms/faq/:page (the staff guard in front of it is the route's, not the page's). */
function FaqEditorAt({ page = 'home' }: { page?: string }) {
  return (
    <MemoryRouter initialEntries={[`/cms/faq/${page}`]}>
      <Routes>
        <Route path="/cms/faq/:page" element={<FaqEditorPage />} />
      </Routes>
    </MemoryRouter>
  );
}

/** The in-memory world of the default stories, back to its fixtures before each story. */
const store = createFaqEditingStore();
const mocks = (handlers: RequestHandler[]) => ({ msw: { handlers: [...handlers, ...identityHandlers()] } });
/** A named scenario's handlers (libs/mocks faqEditingScenarios), as QA picks them. */
const scenario = (id: string) => {
  const found = faqEditingScenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no FAQ editing scenario ${id}`);
  return mocks(found.handlers());
};

const meta = {
  title: 'CMS/FAQ editor',
  component: FaqEditorAt,
  parameters: { layout: 'fullscreen', ...mocks(faqEditingHandlers({ store })) },
  beforeEach: () => {
    const fresh = createFaqEditingStore();
    store.rows = fresh.rows;
    store.audit = [];
    getSessionClient().setSession(buildStaffSession(AN_EDITOR));
    return signOutQuietly;
  },
} satisfies Meta<typeof FaqEditorAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const questionList = (canvasElement: HTMLElement) => within(canvasElement).findByRole('list', { name: /^Questions on/ });

/** Home's questions, published and one draft, with the page picker and the add form. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const list = await questionList(canvasElement);
    expect(within(list).getByText('Draft')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Publish: Do you sell gift cards?' })).toBeInTheDocument();
  },
};

/** Publishing the draft and moving it up with the keyboard (announced; focus stays on the button). */
export const PublishAndMove: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish: Do you sell gift cards?' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Unpublish: Do you sell gift cards?' })).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Move up: Do you sell gift cards?' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('moved to position 4 of 5'));
  },
};

/** Editing a question inline. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit: Do you sell gift cards?' }));
    expect(canvas.getByRole('form', { name: 'Edit: Do you sell gift cards?' })).toBeInTheDocument();
  },
};

/** Bad input: the rules in words before anything is sent. */
export const AddInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(canvas.getByText('The question is required.')).toBeInTheDocument());
  },
};

/** Someone else changed the question first: the save is refused, with a reload. (content:faq-edit-conflict) */
export const Conflict: Story = {
  parameters: scenario('content:faq-edit-conflict'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish: Do you sell gift cards?' }));
    const notice = await canvas.findByText(/Changed by someone else/);
    expect(notice.closest('[role="alert"]')).toHaveTextContent(FAQ_ERROR_MESSAGES.edit_conflict);
    expect(canvas.getByRole('button', { name: 'Reload the questions' })).toBeInTheDocument();
  },
};

/** Deleting asks first. */
export const ConfirmDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete: Do you sell gift cards?' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Delete this question?' });
    expect(dialog).toBeInTheDocument();
  },
};

/** A page with no questions yet. (content:faq-editing-empty) */
export const Empty: Story = {
  parameters: scenario('content:faq-editing-empty'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/No questions on Home yet/);
  },
};

/** Every change fails (content:faq-save-fails): the failure in words. */
export const SaveFails: Story = {
  parameters: scenario('content:faq-save-fails'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await questionList(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Publish: Do you sell gift cards?' }));
    await waitFor(() => expect(canvas.getByText(/Not published\./)).toBeInTheDocument());
  },
};

/** The list cannot be read. */
export const LoadFails: Story = {
  parameters: mocks(faqEditingHandlers({ failures: { listFaqEditorRows: 500 } })),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(/The questions could not be loaded/);
  },
};

/** Waiting for the list. */
export const Loading: Story = {
  parameters: mocks([http.get('*/api/content/editor/faq/*', async () => void (await delay('infinite'))), ...faqEditingHandlers()]),
};

/** Another page, with long text. */
export const LongText: Story = {
  args: { page: 'cafe' },
  parameters: mocks(
    faqEditingHandlers({
      store: createFaqEditingStore([
        ...createFaqEditingStore().rows.filter((r) => r.page === 'cafe'),
        {
          id: 'eeeeeeeeeeeeeeeeeeeeeeee',
          page: 'cafe',
          question: `Can I ${'really, truly, honestly '.repeat(8)}bring my own cake?`,
          answer: `${'Yes, for birthdays, with a small plating charge. '.repeat(20)}\nAsk the team.`,
          sort_order: 999,
          published: false,
          version: 1,
          updated_at: '2025-01-01T00:00:00.000Z',
        },
      ]),
    }),
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('list', { name: /^Questions on Cafe/ });
  },
};

/** Dragging the draft onto the first question with the browser's own drag events puts it first. */
export const DragToReorder: Story = {
  play: async ({ canvasElement }) => {
    const list = await questionList(canvasElement);
    const items = () => within(list).getAllByRole('listitem');
    const from = items().at(-1)!;
    const to = items()[0];
    const dataTransfer = new DataTransfer();
    const fire = (target: Element, type: string) => target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    fire(from, 'dragstart');
    await waitFor(() => expect(from).toHaveClass('is-dragging'));
    fire(to, 'dragover');
    fire(to, 'drop');
    fire(from, 'dragend');
    await waitFor(() => expect(within(items()[0]).getByRole('heading', { level: 3 })).toHaveTextContent('Do you sell gift cards?'));
    await waitFor(() => expect(store.pageRows('home')[0].question).toBe('Do you sell gift cards?'));
  },
};
