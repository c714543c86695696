import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Select } from './select';

const months = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
].map((m) => ({ value: m.toLowerCase(), label: m }));

const meta = {
  title: 'UI/Select',
  component: Select,
  args: { label: 'Birthday month', options: months, placeholder: 'Month' },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Birthday month' });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'june');
    await expect(select).toHaveValue('june');
  },
};

export const Selected: Story = { args: { defaultValue: 'july' } };

export const Invalid: Story = { args: { required: true, error: 'Choose a month, or leave the day empty too.' } };

export const Disabled: Story = { args: { disabled: true } };

export const Empty: Story = { args: { options: [], placeholder: 'No options yet' } };

export const LongText: Story = {
  args: {
    label: 'Tickets',
    placeholder: undefined,
    hint: 'Only one ticket remains. Please select 1.',
    options: [
      { value: '1', label: '1 ticket — just me, thanks' },
      { value: '2', label: '2 tickets — me and a guest (guest name required)', disabled: true },
    ],
  },
};
