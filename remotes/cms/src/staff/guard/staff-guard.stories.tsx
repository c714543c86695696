import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AN_EDITOR, signInForStory, StaffAt, staffMocks } from '../story-utils';

const meta = {
  title: 'CMS/Staff/Guard',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/admin/people' },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An editor opening People (admins only). */
export const NotAuthorised: Story = {
  args: { as: AN_EDITOR },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    await expect(canvas.getByRole('main')).toHaveTextContent('This page needs the Admin role.');
  },
};

/** Someone with no staff role at all opening the staff home. */
export const NoRole: Story = {
  args: { path: '/admin', as: { email: 'visitor@example.com', roles: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/with no staff role/)).toBeInTheDocument();
  },
};

/** An admin with an authenticator app on an aal1 session: the app's code first. */
export const AuthenticatorStep: Story = {
  args: { as: { email: 'admin@croftcommon.co.uk', roles: ['admin'], mfa: true, aal: 'aal1' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText(/Code from your authenticator app/)).toBeInTheDocument();
  },
};

/** Nobody signed in: the staff sign-in, remembering the page. */
export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
  },
};
