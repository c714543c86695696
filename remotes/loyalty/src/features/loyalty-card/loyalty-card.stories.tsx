import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LOYALTY_MESSAGES } from '@croft/contracts';
import { buildSession, identityHandlers, loyaltyHandlers, type LoyaltyMockOptions } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import LoyaltyCard from './loyalty-card';

/** The loyalty mocks in a world, plus identity's (sign-in and sign-out between stories). */
const mocks = (options: LoyaltyMockOptions = {}) => ({ msw: { handlers: [...loyaltyHandlers({ uploadDelayMs: 600, ...options }), ...identityHandlers()] } });

const meta = {
  title: 'Loyalty/Loyalty card',
  component: LoyaltyCard,
  args: { open: true, onClose: fn() },
  parameters: mocks(),
  // A signed-in member for every story unless it signs out; signed out again afterwards.
  beforeEach() {
    getSessionClient().setSession(buildSession({ email: 'member@example.com' }));
    sessionStorage.clear();
    return async () => {
      await getSessionClient()
        .signOut()
        .catch(() => undefined);
    };
  },
} satisfies Meta<typeof LoyaltyCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Your loyalty card' });
const counterText = async (canvasElement: HTMLElement, text: string) => {
  const card = within(await dialog(canvasElement));
  await expect(await card.findByText(text)).toBeVisible();
  return card;
};

export const ThreePunches: Story = {
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 3/6 · Reward 0/1');
    await expect(card.getByLabelText('Add photo to box 7')).toBeDisabled();
    await expect(card.getByText('Locked until six punches')).toBeVisible();
  },
};

export const FivePunches: Story = {
  parameters: mocks({ world: 'five-punches' }),
  play: async ({ canvasElement }) => {
    await counterText(canvasElement, 'Punches 5/6 · Reward 0/1');
  },
};

export const RewardUnlocked: Story = {
  parameters: mocks({ world: 'reward-unlocked' }),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 6/6 · Reward 0/1');
    await expect(card.getByText(LOYALTY_MESSAGES.luckyNotice)).toBeVisible();
    await expect(card.getByLabelText('Add photo to box 7')).toBeEnabled();
  },
};

export const Lucky7: Story = {
  parameters: mocks({ world: 'lucky7' }),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Free coffees 0/7');
    // The banner pops in (no animation with reduced motion).
    await waitFor(() => expect(card.getByText('Lucky 7 squared!')).toBeVisible());
  },
};

export const EmptyCard: Story = {
  parameters: mocks({ world: 'empty' }),
  play: async ({ canvasElement }) => {
    await counterText(canvasElement, 'Punches 0/6 · Reward 0/1');
  },
};

export const DeleteAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 3/6 · Reward 0/1');
    await userEvent.click(card.getByRole('button', { name: 'Delete photo in box 2' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog', { name: 'Delete this photo?' })).toBeVisible();
  },
};

export const UploadFails: Story = {
  parameters: mocks({ failures: { upload: { status: 500, code: 'internal_error', message: 'Something went wrong' } } }),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 3/6 · Reward 0/1');
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], 'IMG_0004.jpg', { type: 'image/jpeg' });
    await userEvent.upload(card.getByLabelText('Add photo to box 4'), jpeg);
    await expect(await card.findByRole('button', { name: 'Retry upload to box 4' })).toBeVisible();
    await expect(card.getByText(`Box 4: ${LOYALTY_MESSAGES.couldNotSave}. Try again.`)).toBeVisible();
  },
};

export const NotASubscriber: Story = {
  parameters: mocks({ world: 'no-card', notSubscriber: true }),
  play: async ({ canvasElement }) => {
    const card = within(await dialog(canvasElement));
    await expect(await card.findByText(LOYALTY_MESSAGES.notSubscriber)).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: mocks({ failures: { load: { status: 500, code: 'internal_error', message: 'Something went wrong' } } }),
  play: async ({ canvasElement }) => {
    const card = within(await dialog(canvasElement));
    await expect(await card.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const SignedOut: Story = {
  beforeEach: async () => {
    await getSessionClient()
      .signOut()
      .catch(() => undefined);
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const signIn = await body.findByRole('dialog', { name: LOYALTY_MESSAGES.signInTitle });
    await waitFor(() => expect(signIn).toBeVisible());
  },
};

export const OnAPhone: Story = {
  parameters: mocks({ world: 'five-punches' }),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 5/6 · Reward 0/1');
    // Touch screens cannot hover: the delete buttons show.
    await expect(card.getByRole('button', { name: 'Delete photo in box 1' })).toBeInTheDocument();
  },
};
