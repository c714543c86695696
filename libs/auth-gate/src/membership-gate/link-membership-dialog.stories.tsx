import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MESSAGES } from '../messages';
import { LinkMembershipDialog } from './link-membership-dialog';

const meta = {
  title: 'Auth gate/Link membership',
  component: LinkMembershipDialog,
  args: { open: true, onClose: fn(), onSubmitEmail: fn(), onSubmitCode: fn(), onBack: fn(), step: 'email' },
} satisfies Meta<typeof LinkMembershipDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmailStep: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('heading', { name: 'Link your membership' })).toBeVisible();
    await userEvent.type(body.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(body.getByRole('button', { name: 'Send code' }));
    await expect(args.onSubmitEmail).toHaveBeenCalledWith('ada@example.com');
  },
};

export const RelinkNotice: Story = { args: { notice: MESSAGES.relinkMembership.title } };
export const Sending: Story = { args: { email: 'ada@example.com', busy: true } };
export const InvalidEmail: Story = { args: { email: 'ada@example', error: MESSAGES.linkInvalidEmail } };
export const NotSubscribed: Story = { args: { email: 'ada@example.com', error: MESSAGES.linkNotSubscribed } };
export const CouldNotSend: Story = { args: { email: 'ada@example.com', error: MESSAGES.linkSendFailed } };
export const NoDevicePasskey: Story = { args: { email: 'ada@example.com', error: MESSAGES.linkNoDevicePasskey } };

export const CodeStep: Story = {
  args: { step: 'code', email: 'ada@example.com' },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await userEvent.type(body.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(body.getByRole('button', { name: 'Link membership' }));
    await expect(args.onSubmitCode).toHaveBeenCalledWith('123456');
    await userEvent.click(body.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const CodeTooShort: Story = { args: { step: 'code', email: 'ada@example.com', error: MESSAGES.linkCodeLength } };
export const InvalidCode: Story = { args: { step: 'code', email: 'ada@example.com', error: MESSAGES.linkInvalidCode } };
export const Verifying: Story = { args: { step: 'code', email: 'ada@example.com', busy: true } };
export const LongEmail: Story = { args: { step: 'code', email: 'a.very.long.member.address.for.testing.wrapping@subdomain.example.co.uk' } };
export const Mobile: Story = { args: { step: 'code', email: 'ada@example.com' }, globals: { viewport: { value: 'mobile1', isRotated: false } } };
