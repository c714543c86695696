import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { NUDGE_EMAIL_LINK_MESSAGE } from '@croft/contracts';
import { buildSession, identityHandlers, nudgeHandlers, scenarioHandlers, type NudgeMockOptions } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import { NotificationsPage } from './notifications-page';
import { FAKE_PUSH_ENDPOINT, createFakePushAdapter, type FakeBrowserOptions } from './push-adapter';
import { signedInFor, signOutQuietly } from '@croft/session/testing';

/** The page with a fake browser (permission prompt, push subscription, stored nudge) and the nudge mocks. */
function AtPath({ browser = {}, path = '/notifications' }: { browser?: FakeBrowserOptions; path?: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <NotificationsPage push={createFakePushAdapter(browser)} />
    </MemoryRouter>
  );
}

const mocks = (options: NudgeMockOptions = {}) => ({ msw: { handlers: [...nudgeHandlers(options), ...identityHandlers()] } });
const onHere: FakeBrowserOptions = { permission: 'granted', endpoint: FAKE_PUSH_ENDPOINT };

const meta = {
  title: 'Common Room/Notifications',
  component: AtPath,
  parameters: { layout: 'fullscreen', ...mocks() },
  beforeEach: signedInFor(buildSession({ email: 'ada@example.com' })),
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Turn on nudges' })).toBeVisible();
  },
};

export const TurnOnSignedIn: Story = {
  parameters: mocks(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on nudges' }));
    await expect(await canvas.findByText('Nudges are on in this browser, linked to your account.')).toBeVisible();
  },
};

export const TurnOnSignedOut: Story = {
  parameters: mocks(),
  beforeEach: signOutQuietly,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on nudges' }));
    await userEvent.type(await canvas.findByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Email me the link' }));
    await expect(await canvas.findByText(NUDGE_EMAIL_LINK_MESSAGE)).toBeVisible();
  },
};

export const OnWithTopics: Story = {
  args: { browser: { ...onHere, lastReceived: { url: '/hall', timestamp: Date.parse('2026-11-24T10:00:00Z'), nudge_id: 'aaaaaaaaaaaaaaaaaaaaaa64' } } },
  parameters: mocks({ world: 'linked' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Nudges are on' })).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Film & Cinema' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save topics' }));
    await expect(await canvas.findByText('Topics saved: 1 chosen.')).toBeVisible();
  },
};

/** The service's list of what reached this browser, newest first. */
export const NudgesReceived: Story = {
  args: { browser: onHere },
  parameters: mocks({ world: 'history' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Cinema tickets are out' })).toHaveAttribute('href', '/hall');
    await expect(canvas.getByText('Secret Cinema: 50 seats, book now.')).toBeVisible();
  },
};

export const OnMobile: Story = {
  args: { browser: onHere },
  parameters: mocks({ world: 'on' }),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Turn off nudges' })).toBeVisible();
  },
};

export const Blocked: Story = {
  args: { browser: { permission: 'denied' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Set Notifications to Allow.')).toBeVisible();
  },
};

export const Unsupported: Story = {
  args: { browser: { supported: false } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/This browser cannot receive nudges/)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...identityHandlers(), ...scenarioHandlers(['loading'], [])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Checking this browser’s nudges')).toBeInTheDocument();
  },
};

export const ServiceDown: Story = {
  parameters: { msw: { handlers: [...identityHandlers(), ...scenarioHandlers(['server-error'], [])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const PushServiceRefuses: Story = {
  args: { browser: { subscribeFails: 'Push service not available' } },
  parameters: mocks(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on nudges' }));
    await expect(await canvas.findByText(/Your browser could not set up nudges/)).toBeVisible();
  },
};

export const LinkExpired: Story = {
  args: { path: '/notifications?link=invalid' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/This link is not valid or has expired/)).toBeVisible();
  },
};
