import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MOCK_LOYALTY_MEMBER_EMAIL, buildSession, identityHandlers, loyaltyHandlers } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import LoyaltyAdmin from './loyalty-admin';
import { signedInFor } from '@croft/session/testing';

function AtPath() {
  return (
    <MemoryRouter initialEntries={['/admin/loyalty']}>
      <LoyaltyAdmin basePath="/admin/loyalty" />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Loyalty/Staff panel',
  component: AtPath,
  parameters: { layout: 'fullscreen', msw: { handlers: [...loyaltyHandlers({ world: 'five-punches' }), ...identityHandlers()] } },
  beforeEach: signedInFor(buildSession({ email: 'barista@croftcommon.co.uk', roles: ['staff'] })),
} satisfies Meta<typeof AtPath>;

export default meta;
type Story = StoryObj<typeof meta>;

async function lookUp(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: /Member email/ }), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Look up' }));
  return canvas;
}

export const Empty: Story = {};

export const MemberFound: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, MOCK_LOYALTY_MEMBER_EMAIL);
    await expect(await canvas.findByText(/Punches 5\/6 · Reward 0\/1/)).toBeVisible();
  },
};

export const VoidAsksWhy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, MOCK_LOYALTY_MEMBER_EMAIL);
    await userEvent.click(await canvas.findByRole('button', { name: 'Void the photo in box 3' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'Void the photo in box 3?' })).toBeVisible();
  },
};

/** Its own mock world, so the void does not take box 5 away from the other stories. */
export const VoidAPhoto: Story = {
  parameters: { msw: { handlers: [...loyaltyHandlers({ world: 'five-punches' }), ...identityHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, MOCK_LOYALTY_MEMBER_EMAIL);
    await userEvent.click(await canvas.findByRole('button', { name: 'Void the photo in box 5' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Void the photo in box 5?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Void photo' }));
    await expect(dialog.getByText('Say why this photo is being voided.')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'A photo of the menu, not a coffee');
    await userEvent.click(dialog.getByRole('button', { name: 'Void photo' }));
    await expect(await canvas.findByText(/Punches 4\/6 · Reward 0\/1/)).toBeVisible();
  },
};

export const NobodyByThatEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'nobody@example.com');
    const results = within(await canvas.findByRole('region', { name: 'Cards of nobody@example.com' }));
    await expect(await results.findByText('No member with that email.')).toBeVisible();
  },
};

export const MemberWithoutACard: Story = {
  parameters: { msw: { handlers: [...loyaltyHandlers({ world: 'no-card' }), ...identityHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, MOCK_LOYALTY_MEMBER_EMAIL);
    const results = within(await canvas.findByRole('region', { name: `Cards of ${MOCK_LOYALTY_MEMBER_EMAIL}` }));
    await expect(await results.findByText('This member has no loyalty card yet.')).toBeVisible();
  },
};
