import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { useToast } from './toast';
import { toast } from './toast-store';
import type { ToastOptions } from './toast-store';

/** The Toaster comes from the ToastProvider in .storybook/preview.tsx. */
function ToastDemo(props: ToastOptions & { label?: string }) {
  const { toast: show } = useToast();
  const { label = 'Show toast', ...options } = props;
  return <Button onClick={() => show(options)}>{label}</Button>;
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  args: { title: 'Code sent!', description: 'Check your email for the 6-digit code.', duration: Infinity },
  argTypes: { variant: { control: 'inline-radio', options: ['default', 'destructive'] } },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const showIt = async (canvasElement: HTMLElement, label = 'Show toast') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: label }));
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await showIt(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const region = page.getByRole('region', { name: 'Notifications' });
    await expect(within(region).getByText('Code sent!')).toBeInTheDocument();
  },
};

export const Destructive: Story = {
  args: { title: 'Sign out failed', description: 'Network request failed', variant: 'destructive' },
  play: async ({ canvasElement }) => {
    await showIt(canvasElement);
    const alert = within(canvasElement.ownerDocument.body).getByRole('alert');
    await expect(within(alert).getByText('Sign out failed')).toBeInTheDocument();
  },
};

export const TitleOnly: Story = {
  args: { title: 'Signed in', description: undefined },
  play: async ({ canvasElement }) => showIt(canvasElement),
};

export const LongText: Story = {
  args: {
    title: 'Loyalty not available',
    description:
      'Loyalty not available: You must be an active newsletter subscriber to start a loyalty card. Subscribe in the footer, then come back.',
    variant: 'destructive',
  },
  play: async ({ canvasElement }) => showIt(canvasElement),
};

export const Stacked: Story = {
  render: () => (
    <Button
      onClick={() => {
        toast({ title: 'Content Saved', description: 'Your changes have been saved as draft.', duration: Infinity });
        toast({ title: 'Email sent', duration: Infinity });
        toast({ title: 'Save Failed', description: 'Error: Unknown error', variant: 'destructive', duration: Infinity });
      }}
    >
      Show three
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await showIt(canvasElement, 'Show three');
    const region = within(canvasElement.ownerDocument.body).getByRole('region', { name: 'Notifications' });
    await expect(within(region).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(3);
  },
};

/** `toast()` from plain code (no hook): shell and remotes share one Toaster. */
export const FromOutsideReact: Story = {
  render: () => (
    <Button onClick={() => toast({ title: 'Welcome back!', duration: Infinity })}>Call toast()</Button>
  ),
  play: async ({ canvasElement }) => {
    await showIt(canvasElement, 'Call toast()');
    await expect(within(canvasElement.ownerDocument.body).getByText('Welcome back!')).toBeInTheDocument();
  },
};

export const Dismiss: Story = {
  play: async ({ canvasElement }) => {
    await showIt(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'Dismiss notification' }));
    await expect(page.queryByText('Code sent!')).toBeNull();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { title: "You're in!", description: 'Check your email to complete authentication and link your notifications.' },
  play: async ({ canvasElement }) => showIt(canvasElement),
};
