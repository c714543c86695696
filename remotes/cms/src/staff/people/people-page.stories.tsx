import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PROTECTED_ADMIN_MESSAGE } from '@croft/contracts';
import { AN_ADMIN, signInForStory, StaffAt, staffMocks } from '../story-utils';

const meta = {
  title: 'CMS/Staff/People',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/admin/people', as: AN_ADMIN },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table')).toBeInTheDocument();
  },
};

export const Granted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Staff: ann.editor@croftcommon.co.uk' }));
    await expect(await within(canvasElement.ownerDocument.body).findByText('Roles saved')).toBeInTheDocument();
  },
};

export const ProtectedAdmin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = await canvas.findByRole('form', { name: 'Add a person or set their roles' });
    await userEvent.type(within(form).getByLabelText(/^Email/), 'admin@croftcommon.co.uk');
    await userEvent.click(within(form).getByRole('checkbox', { name: /^Editor/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save roles' }));
    await expect(await canvas.findByText(PROTECTED_ADMIN_MESSAGE)).toBeInTheDocument();
  },
};

/** An admin without an authenticator app: changes are refused with aal2_required. */
export const NeedsAuthenticatorApp: Story = {
  args: { as: { email: 'jo.manager@croftcommon.co.uk', roles: ['admin'], mfa: false, aal: 'aal1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Staff: ann.editor@croftcommon.co.uk' }));
    await expect(await canvas.findByRole('link', { name: 'Set up an authenticator app on your profile' })).toBeInTheDocument();
  },
};

export const ListFails: Story = {
  parameters: staffMocks({ peopleFails: { status: 500, code: 'internal_error', message: 'Something went wrong' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: staffMocks({ delayMs: 'infinite' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading people')).toBeInTheDocument();
  },
};
