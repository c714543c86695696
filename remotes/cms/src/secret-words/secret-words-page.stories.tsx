import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SECRET_WORD_ORDER_MISMATCH_MESSAGE } from '@croft/contracts';
import {
  MOCK_WORD_ADDED_MEANWHILE,
  buildStaffSession,
  createSecretWordMockStore,
  identityHandlers,
  secretWordHandlers,
  secretWordScenarios,
} from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { AN_EDITOR } from '../staff/story-utils';
import { SecretWordsPage } from './secret-words-page';
import { signOutQuietly } from '@croft/session/testing';

/** The page at /cms/secret-words (the staff guard in front of it is the route's, not the page's). */
function SecretWordsAt() {
  return (
    <MemoryRouter initialEntries={['/cms/secret-words']}>
      <SecretWordsPage />
    </MemoryRouter>
  );
}

/** The in-memory world of the default stories, back to its fixtures before each story. */
const store = createSecretWordMockStore();
const mocks = (handlers: RequestHandler[]) => ({ msw: { handlers: [...handlers, ...identityHandlers()] } });
/** A named scenario's handlers (libs/mocks secretWordScenarios), as QA picks them. */
const scenario = (id: string) => {
  const found = secretWordScenarios.find((s) => s.id === id);
  if (!found) throw new Error(`no secret-word scenario ${id}`);
  return mocks(found.handlers());
};

const meta = {
  title: 'CMS/Secret words',
  component: SecretWordsAt,
  parameters: { layout: 'fullscreen', ...mocks(secretWordHandlers({ store })) },
  beforeEach: () => {
    const fresh = createSecretWordMockStore();
    store.entries = fresh.entries;
    store.audit = [];
    getSessionClient().setSession(buildStaffSession(AN_EDITOR));
    return signOutQuietly;
  },
} satisfies Meta<typeof SecretWordsAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const activeList = async (canvasElement: HTMLElement) => within(canvasElement).findByRole('list', { name: /^Active words/ });

export const List: Story = {
  play: async ({ canvasElement }) => {
    const list = await activeList(canvasElement);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(canvasElement).getByRole('list', { name: /^Retired words/ })).toBeInTheDocument();
  },
};

/** Move down with the keyboard: the order changes at once, is announced, and focus stays on the word. */
export const MovedWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    (await canvas.findByRole('button', { name: 'Move down: cheers' })).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('status')).toHaveTextContent('cheers moved down to position 2 of 10.');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Move down: cheers' })).toHaveFocus());
    await waitFor(() => expect(store.activeWords().slice(0, 2)).toEqual(['harbourside', 'cheers']));
  },
};

export const InvalidWord: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /New word/ }), 'ipa 2{Enter}');
    await expect(await canvas.findByText('The word must be letters, with single spaces or hyphens between them.')).toBeInTheDocument();
  },
};

export const Added: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /New word/ }), 'Bedminster Bitter{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Retire: Bedminster Bitter' })).toBeInTheDocument());
  },
};

export const Retired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retire: gromit' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Bring back: gromit' })).toHaveFocus());
  },
};

/** Scenario content:secret-words-changed: someone added a word just before the reorder. */
export const ChangedMeanwhile: Story = {
  parameters: scenario('content:secret-words-changed'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Move down: cheers' }));
    await expect(await canvas.findByText(SECRET_WORD_ORDER_MISMATCH_MESSAGE, { exact: false })).toBeInTheDocument();
    await expect(await canvas.findByRole('button', { name: `Retire: ${MOCK_WORD_ADDED_MEANWHILE}` })).toBeInTheDocument();
  },
};

/** Scenario content:secret-words-save-fails. */
export const SaveFails: Story = {
  parameters: scenario('content:secret-words-save-fails'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Retire: cask' }));
    await expect(await canvas.findByText('Not retired.')).toBeInTheDocument();
  },
};

/** Scenario content:secret-words-none. */
export const Empty: Story = {
  parameters: scenario('content:secret-words-none'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/No secret words yet/)).toBeInTheDocument();
  },
};

/** Scenario content:secret-words-list-fails. */
export const ListFails: Story = {
  parameters: scenario('content:secret-words-list-fails'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: mocks(secretWordHandlers({ delayMs: 'infinite' })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading secret words')).toBeInTheDocument();
  },
};

export const LongWords: Story = {
  parameters: mocks(
    secretWordHandlers({
      store: createSecretWordMockStore(
        ['Supercalifragilistic-Expialidocious Ale', 'Bristol Harbourside Balloon Fiesta Brew', 'gert'].map((word, i) => ({
          id: (i + 500).toString(16).padStart(24, '0'),
          word,
          is_active: true,
          created_at: '2025-01-01T00:00:00.000Z',
        })),
      ),
    }),
  ),
  play: async ({ canvasElement }) => {
    await expect(within(await activeList(canvasElement)).getAllByRole('listitem')).toHaveLength(3);
  },
};
