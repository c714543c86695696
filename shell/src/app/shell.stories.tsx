import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from '@croft/router';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TopNav } from './top-nav';
import { RemoteUnavailable } from '@croft/federation-bridge';
import { NotFound } from './not-found';
import { RouterErrorView } from './error-view';
import { SessionContext } from './session-context';
import { contentHandlers } from '@croft/mocks';

const meta = {
  title: 'Shell/Chrome',
  // The brand name is site-wide CMS text: the content mocks answer it.
  parameters: { layout: 'fullscreen', msw: { handlers: contentHandlers() } },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/beer']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Navigation: Story = {
  render: () => <TopNav />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'BEER' })).toHaveAttribute('aria-current', 'page');
  },
};

export const SignedInMemberMenu: Story = {
  render: () => (
    <SessionContext.Provider value={{ email: 'ada@example.com', roles: [] }}>
      <TopNav />
    </SessionContext.Provider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Member' }));
    await expect(canvas.getByRole('link', { name: 'My Home' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

export const NavigationMobile: Story = {
  render: () => <TopNav />,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
  },
};

const onRetry = fn();

export const RemoteDown: Story = {
  render: () => <RemoteUnavailable remote="common_room" onRetry={onRetry} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(onRetry).toHaveBeenCalled();
  },
};

export const PageNotFound: Story = { render: () => <NotFound /> };

export const ApplicationError: Story = {
  render: () => <RouterErrorView error={new Error('Menu data is corrupt')} />,
};
