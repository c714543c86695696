import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OtpInput } from './otp-input';

const meta = {
  title: 'UI/OtpInput',
  component: OtpInput,
  args: { label: 'Code', hint: 'Enter the 6-digit code from your email.', onComplete: fn(), onChange: fn() },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Code' });
    await userEvent.type(input, '4a8-2 9137');
    await expect(input).toHaveValue('482913');
    await expect(args.onComplete).toHaveBeenCalledWith('482913');
  },
};

export const Filled: Story = { args: { defaultValue: '123456' } };

export const Invalid: Story = {
  args: { defaultValue: '12', error: 'Please enter the 6-digit code from your email.' },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: '123' } };

export const FourDigits: Story = { args: { maxLength: 4, hint: 'Enter the code (4 digits).' } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
