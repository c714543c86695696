import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AN_ADMIN, signInForStory, StaffAt, staffMocks } from '../story-utils';

const meta = {
  title: 'CMS/Staff/Audit log',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/admin/audit', as: AN_ADMIN },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Merged: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table')).toBeInTheDocument();
  },
};

export const MoreLoaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Load more' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByText('74 events')).toBeInTheDocument();
  },
};

export const FilteredToRoles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByLabelText('Area'), 'role');
    await expect(await canvas.findByText(/in Roles/)).toBeInTheDocument();
  },
};

/** Content's audit list fails: a notice, and identity's events still listed. */
export const ContentDown: Story = {
  parameters: staffMocks({ contentAuditFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/these events could not be loaded/)).toBeInTheDocument();
    await expect(await canvas.findByRole('table')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: staffMocks({ delayMs: 'infinite' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the audit log')).toBeInTheDocument();
  },
};
