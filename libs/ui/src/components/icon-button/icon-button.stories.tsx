import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CloseIcon, MenuIcon, PlusIcon } from '../icons/icons';
import { IconButton } from './icon-button';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { label: 'Close', children: <CloseIcon /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};

export const Variants: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      <IconButton label="Open menu" variant="solid">
        <MenuIcon />
      </IconButton>
      <IconButton label="Add photo" variant="outline">
        <PlusIcon />
      </IconButton>
      <IconButton label="Close" variant="ghost">
        <CloseIcon />
      </IconButton>
    </div>
  ),
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <IconButton label="Small" size="sm">
        <PlusIcon />
      </IconButton>
      <IconButton label="Medium" size="md">
        <PlusIcon />
      </IconButton>
      <IconButton label="Large" size="lg">
        <PlusIcon />
      </IconButton>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, label: 'Delete photo' } };
