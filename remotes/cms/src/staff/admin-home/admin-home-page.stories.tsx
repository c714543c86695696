import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { AdminPanel } from '@croft/contracts/remotes';
import { AN_ADMIN, signInForStory, StaffAt, staffMocks, STAFF_MEMBER } from '../story-utils';

const meta = {
  title: 'CMS/Staff/Admin home',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/admin', as: AN_ADMIN, panels: [] },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'People' })).toBeInTheDocument();
  },
};

export const StaffMember: Story = {
  args: { as: STAFF_MEMBER },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('People, Audit log: need the Admin role.')).toBeInTheDocument();
  },
};

/** Another team's remote registered an admin panel (a made-up registry entry). */
export const WithRegisteredPanel: Story = {
  args: {
    panels: [
      {
        id: 'cinema/AdminPanel' as AdminPanel['id'],
        remote: 'cinema',
        title: 'Cinema',
        path: 'cinema',
        description: 'Screenings, tickets and the door list.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Cinema' })).toHaveAttribute('href', '/admin/cinema');
  },
};
