import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileField } from './file-field';

const meta = {
  title: 'UI/FileField',
  component: FileField,
  args: { label: 'Image file', accept: 'image/jpeg,image/png,image/webp,image/avif' },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Image file')).toHaveAttribute('type', 'file');
  },
};

export const WithHint: Story = { args: { hint: 'A JPEG, PNG, WebP or AVIF photo, at most 15 MB, at least 480 pixels wide.' } };

export const Required: Story = { args: { required: true } };

export const Invalid: Story = {
  args: { error: 'This file is not a JPEG, PNG, WebP or AVIF image. Choose a photo in one of those formats.', hint: 'At most 15 MB.' },
};

export const Disabled: Story = { args: { disabled: true } };

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } }, args: { hint: 'At most 15 MB.' } };
