import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './accordion';

const faq = [
  {
    id: 'dogs',
    title: 'Are dogs welcome?',
    content: <p>Yes — well-behaved dogs are welcome on the ground floor and in the courtyard.</p>,
  },
  {
    id: 'book',
    title: 'Can I book a table?',
    content: <p>Use the round BOOK button on any section page. Walk-ins are always welcome too.</p>,
  },
  {
    id: 'cinema',
    title: 'How does Secret Cinema Club work?',
    content: (
      <p>
        Fifty tickets are released on the last Thursday of each month for members, one or two per booking.
        Doors 19:00, film 19:30.
      </p>
    ),
  },
];

const meta = {
  title: 'UI/Accordion',
  component: Accordion,
  args: { items: faq },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Are dogs welcome?' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: 'Are dogs welcome?' })).toBeVisible();
  },
};

export const OneOpen: Story = { args: { defaultOpenIds: ['cinema'] } };

export const SingleOpen: Story = {
  args: { single: true, defaultOpenIds: ['dogs'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Can I book a table?' }));
    await expect(canvas.getByRole('button', { name: 'Can I book a table?' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: 'Are dogs welcome?' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('region', { name: 'Are dogs welcome?' })).toBeNull();
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Are dogs welcome?' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: 'Can I book a table?' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Can I book a table?' })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Empty: Story = { args: { items: [], emptyMessage: 'No questions yet.' } };

export const LongText: Story = {
  args: {
    defaultOpenIds: ['long'],
    items: [
      {
        id: 'long',
        title:
          'What happens to my loyalty card photos, the punches on them and my Lucky 7 reward if I delete a photo by mistake?',
        content: (
          <p>
            Deleting a photo removes its punch and sets the card back to incomplete. Take a new photo in the same
            box to restore it. Photos are stored privately and shown through links that expire after an hour;
            nobody else can see them, and they are removed when the card is deleted. Supercalifragilisticexpialidocious
            words wrap too.
          </p>
        ),
      },
      ...faq,
    ],
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { defaultOpenIds: ['book'] },
};
