import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { EDITOR_POPUP_MARGIN, EDITOR_POPUP_WIDTH, contentEditingEndpoints, endpointRoute } from '@croft/contracts';
import { buildSeedVersions, buildTextVersion, createEditingStore, editingHandlers, MOCK_OTHER_EDITOR } from '@croft/mocks';
import { EditingClientProvider } from '../editing/api/editing-context';
import { EditorPopup } from './editor-popup';
import { storyEditingClient } from './story-page';
import { textTargetOf, type TextTarget } from './text-targets';

const LONG =
  'Breakfast from eight, lunch from noon and cake all day. Our coffee is roasted two streets away, our bread is baked before dawn, and the window seats go early.';

/** The popup open on one text of a small page (opened again by clicking the text after a close). */
function PopupOnText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [target, setTarget] = useState<TextTarget | null>(null);
  useEffect(() => {
    ref.current?.focus();
    setTarget(textTargetOf(ref.current));
  }, []);
  return (
    <EditingClientProvider client={storyEditingClient}>
      <main style={{ padding: '2rem 1rem', maxWidth: '40rem' }}>
        <p
          ref={ref}
          tabIndex={0}
          data-cms-page="cafe"
          data-cms-section="hero"
          data-cms-key="subtitle"
          style={{ whiteSpace: 'pre-line' }}
          onClick={(event) => setTarget(textTargetOf(event.currentTarget))}
        >
          {text}
        </p>
      </main>
      {target && <EditorPopup target={target} onClose={() => setTarget(null)} />}
    </EditingClientProvider>
  );
}

const storeWith = (text: string) =>
  createEditingStore([...buildSeedVersions(['global']), buildTextVersion({ page: 'cafe', section: 'hero', content_key: 'subtitle', content_data: { text } })]);

const meta = {
  title: 'CMS/Editor popup',
  component: PopupOnText,
  parameters: { layout: 'fullscreen' },
  args: { text: 'Coffee, cake and a seat by the window.' },
} satisfies Meta<typeof PopupOnText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A short text: one-line Content field, Save disabled until something changes; 300 px, 20 px inside the viewport. */
export const SingleLine: Story = {
  parameters: { msw: { handlers: editingHandlers({ store: storeWith('Coffee, cake and a seat by the window.') }) } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Edit text' });
    const field = await within(dialog).findByLabelText('Content');
    await expect(field.tagName).toBe('INPUT');
    await expect(field).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    const box = dialog.getBoundingClientRect();
    await expect(Math.round(box.width)).toBe(Math.min(EDITOR_POPUP_WIDTH, window.innerWidth - 2 * EDITOR_POPUP_MARGIN));
    await expect(box.left).toBeGreaterThanOrEqual(EDITOR_POPUP_MARGIN);
    await expect(box.top).toBeGreaterThanOrEqual(EDITOR_POPUP_MARGIN);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth - EDITOR_POPUP_MARGIN);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight - EDITOR_POPUP_MARGIN);
  },
};

/** Over 100 characters: the multi-line Content field. */
export const MultiLine: Story = {
  args: { text: LONG },
  parameters: { msw: { handlers: editingHandlers({ store: storeWith(LONG) }) } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Edit text' });
    await expect((await within(dialog).findByLabelText('Content')).tagName).toBe('TEXTAREA');
  },
};

/** Saving: the draft is on its way (the service has not answered). */
export const Saving: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post(`*${endpointRoute(contentEditingEndpoints.saveDraft)}`, async () => void (await delay('infinite'))),
        ...editingHandlers({ store: storeWith('Coffee, cake and a seat by the window.') }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Edit text' });
    await userEvent.type(await within(dialog).findByLabelText('Content'), ' Daily.{Enter}');
    await expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

/** Someone else saved first: both versions, Keep mine or Use theirs. */
export const Conflict: Story = {
  parameters: {
    msw: { handlers: editingHandlers({ store: storeWith('Coffee, cake and a seat by the window.'), conflictText: 'Coffee and cake, all day long.' }) },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Edit text' });
    await userEvent.type(await within(dialog).findByLabelText('Content'), ' Daily.{Enter}');
    await expect(await within(dialog).findByRole('button', { name: 'Keep mine' })).toBeVisible();
    await expect(within(dialog).getByText('Coffee and cake, all day long.')).toBeVisible();
  },
};

/** Another editor has the same text open. */
export const Presence: Story = {
  parameters: {
    msw: { handlers: editingHandlers({ store: storeWith('Coffee, cake and a seat by the window.'), othersEditing: [MOCK_OTHER_EDITOR.email] }) },
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Edit text' });
    await expect(await within(dialog).findByText(`Also editing: ${MOCK_OTHER_EDITOR.email}`)).toBeVisible();
  },
};

/** The save failed: the 'Save Failed' toast, and the edit is still there. */
export const SaveFails: Story = {
  parameters: { msw: { handlers: editingHandlers({ store: storeWith('Coffee, cake and a seat by the window.'), failures: { saveDraft: 500 } }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Edit text' });
    await userEvent.type(await within(dialog).findByLabelText('Content'), ' Daily.{Enter}');
    await expect(await canvas.findByText('Save Failed')).toBeVisible();
    await expect(canvas.getByText('Error: Something went wrong')).toBeVisible();
  },
};
