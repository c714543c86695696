import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextArea, TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'member@croftcommon.test');
    await expect(input).toHaveValue('member@croftcommon.test');
  },
};

export const WithHint: Story = { args: { hint: 'We will email you a 6-digit code.' } };

export const Invalid: Story = {
  args: { defaultValue: 'not-an-email', error: 'Please enter a valid email.', hint: 'We will email you a 6-digit code.' },
};

export const Required: Story = { args: { label: 'Your name', type: 'text', required: true, placeholder: undefined } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'member@croftcommon.test' } };

export const Empty: Story = { args: { placeholder: undefined } };

export const LongText: Story = {
  args: {
    label: 'Guest name (only needed when you book two tickets for the Secret Cinema Club screening)',
    type: 'text',
    placeholder: undefined,
    error: 'Guest name required — you selected 2 tickets. Please add your guest name.',
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { hint: 'We will email you a 6-digit code.' },
};

export const MultiLine: Story = {
  render: () => (
    <TextArea
      label="Content"
      hint="Text over 100 characters uses the multi-line editor."
      defaultValue={'Croft Common is a neighbourhood hub.\nCafe by day, cocktails by night.'}
    />
  ),
};
