import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SERVER_ERROR, buildSession, identityHandlers, nudgeHandlers, scenarioHandlers, type NudgeMockOptions } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import NudgesAdmin from './nudges-admin';
import { signedInFor } from '@croft/session/testing';

function AtPath() {
  return (
    <MemoryRouter initialEntries={['/admin/nudges']}>
      <NudgesAdmin basePath="/admin/nudges" />
    </MemoryRouter>
  );
}

const mocks = (options: NudgeMockOptions = { world: 'history' }) => ({ msw: { handlers: [...nudgeHandlers(options), ...identityHandlers()] } });

const meta = {
  title: 'Common Room/Nudges staff panel',
  component: AtPath,
  parameters: { layout: 'fullscreen', ...mocks() },
  beforeEach: signedInFor(buildSession({ email: 'sam.staff@croftcommon.co.uk', roles: ['staff'] })),
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

export const History: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('3 targeted · 2 sent · 0 failed · 1 removed · 0 pending · 1 click')).toBeVisible();
  },
};

export const DeliveryLog: Story = {
  parameters: mocks(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Delivery log of Cinema tickets are out' }));
    await expect(await canvas.findByText('subscription gone (410)')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: mocks({ world: 'off' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/No nudges yet/)).toBeVisible();
  },
};

export const ComposeWithPreview: Story = {
  parameters: mocks({ world: 'linked' }),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Title/ }), 'Cinema tickets are out');
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Secret Cinema: 50 seats, book now.');
    await userEvent.type(canvas.getByRole('textbox', { name: /Link/ }), '/hall');
    await expect(canvas.getByRole('figure', { name: 'Preview on a phone' })).toHaveTextContent('Secret Cinema: 50 seats, book now.');
  },
};

export const ValidationErrors: Story = {
  parameters: mocks({ world: 'off' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Link/ }), 'ftp://nope');
    await userEvent.click(canvas.getByRole('button', { name: 'Send nudge now' }));
    await expect(await canvas.findByText('The title is required.')).toBeVisible();
    await expect(canvas.getByText('Link must be an http(s) address or a path on the site starting with /.')).toBeVisible();
  },
};

export const SentNow: Story = {
  parameters: mocks({ world: 'linked' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Title/ }), 'Lunch run');
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Closes in ten minutes');
    await userEvent.type(canvas.getByRole('textbox', { name: /Link/ }), '/kitchens');
    await userEvent.click(canvas.getByRole('button', { name: 'Send nudge now' }));
    await waitFor(() => expect(canvas.getByText('Sent “Lunch run”: 1 of 1 browser so far.')).toBeVisible());
  },
};

export const TestSendRefused: Story = {
  parameters: mocks({ world: 'off' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /Title/ }), 'Test');
    await userEvent.type(canvas.getByRole('textbox', { name: /Message/ }), 'Does it buzz?');
    await userEvent.type(canvas.getByRole('textbox', { name: /Link/ }), '/');
    await userEvent.click(canvas.getByRole('button', { name: 'Send a test to my devices' }));
    await expect(await canvas.findByText('You have no browser with nudges turned on to send a test to.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [...identityHandlers(), ...scenarioHandlers(['loading'], [])] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the nudges')).toBeInTheDocument();
  },
};

export const ListFails: Story = {
  parameters: mocks({ failures: { staff: SERVER_ERROR } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
