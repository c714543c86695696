import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { MOCK_LOYALTY_MEMBER_EMAIL, buildSession, identityHandlers, loyaltyHandlers } from '@croft/mocks';
import { MemoryRouter } from '@croft/router';
import { getSessionClient } from '@croft/session';
import LoyaltyAdmin from './loyalty-admin';

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
  beforeEach() {
    getSessionClient().setSession(buildSession({ email: 'barista@croftcommon.co.uk', roles: ['staff'] }));
    return async () => {
      await getSessionClient()
        .signOut()
        .catch(() => undefined);
    };
  },
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

export const NobodyByThatEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await lookUp(canvasElement, 'nobody@example.com');
    await expect(await canvas.findByText('No member with that email.')).toBeVisible();
  },
};
