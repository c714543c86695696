import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MOCK_SIGN_IN_CODE } from '@croft/mocks';
import { AN_EDITOR, signInForStory, StaffAt, staffMocks } from '../story-utils';

const meta = {
  title: 'CMS/Staff/Sign in',
  component: StaffAt,
  parameters: { layout: 'fullscreen', ...staffMocks() },
  args: { path: '/cms/login' },
  beforeEach: signInForStory,
} satisfies Meta<typeof StaffAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailStep: Story = {};

export const CodeStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Work email/), 'ann.editor@croftcommon.co.uk');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByLabelText(/6-digit code/)).toBeInTheDocument();
  },
};

export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Work email/), 'ann.editor@croftcommon.co.uk');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await canvas.findByLabelText(/6-digit code/), '999999');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByText('Invalid code: Invalid or expired code. Please try again.')).toBeInTheDocument();
  },
};

export const MalformedEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/Work email/), 'ann at croft');
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(canvas.getByText('Please enter a valid email.')).toBeInTheDocument();
  },
};

/** Signed in with the emailed code; the authenticator app's code comes next. */
export const AuthenticatorApp: Story = {
  args: { as: { email: 'admin@croftcommon.co.uk', roles: ['admin'], mfa: true, aal: 'aal1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Check it’s you' })).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText(/Code from your authenticator app/), MOCK_SIGN_IN_CODE);
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
  },
};

export const AlreadySignedIn: Story = {
  args: { as: AN_EDITOR },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Content management' })).toBeInTheDocument();
  },
};
