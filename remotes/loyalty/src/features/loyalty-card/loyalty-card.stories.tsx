import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { LOYALTY_ERROR_MESSAGES, LOYALTY_MESSAGES } from '@croft/contracts';
import { buildSession, scenarioHandlers } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import LoyaltyCard from './loyalty-card';
import { signOutQuietly } from '@croft/session/testing';

/** One of the mocks' named loyalty worlds (the same as the standalone remote's and the toolbar's), over every service's defaults. */
const scenario = (...ids: string[]) => ({ msw: { handlers: scenarioHandlers(ids) } });
/** A photo as the camera picker hands it over (Chromium cannot decode these few bytes, so it goes unscaled). */
const jpeg = (n: number) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, n])], `IMG_000${n}.jpg`, { type: 'image/jpeg' });

const meta = {
  title: 'Loyalty/Loyalty card',
  component: LoyaltyCard,
  args: { open: true, onClose: fn() },
  // The default world: a regular card with three punches.
  parameters: scenario(),
  // A signed-in member for every story unless it signs out; signed out again afterwards.
  beforeEach() {
    getSessionClient().setSession(buildSession({ email: 'member@example.com' }));
    sessionStorage.clear();
    return signOutQuietly;
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
  parameters: scenario('loyalty:five-punches'),
  play: async ({ canvasElement }) => {
    await counterText(canvasElement, 'Punches 5/6 · Reward 0/1');
  },
};

export const RewardUnlocked: Story = {
  parameters: scenario('loyalty:reward-unlocked'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 6/6 · Reward 0/1');
    await expect(card.getByText(LOYALTY_MESSAGES.luckyNotice)).toBeVisible();
    await expect(card.getByLabelText('Add photo to box 7')).toBeEnabled();
  },
};

export const Lucky7: Story = {
  parameters: scenario('loyalty:lucky7'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Free coffees 0/7');
    // The banner pops in (no animation with reduced motion).
    await waitFor(() => expect(card.getByText('Lucky 7 squared!')).toBeVisible());
  },
};

export const EmptyCard: Story = {
  parameters: scenario('loyalty:empty'),
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
  parameters: scenario('loyalty:upload-fails'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 3/6 · Reward 0/1');
    await userEvent.upload(card.getByLabelText('Add photo to box 4'), jpeg(4));
    await expect(await card.findByRole('button', { name: 'Retry upload to box 4' })).toBeVisible();
    await expect(card.getByText(`Box 4: ${LOYALTY_MESSAGES.couldNotSave}. Try again.`)).toBeVisible();
  },
};

export const NoCardYet: Story = {
  parameters: scenario('loyalty:no-card'),
  play: async ({ canvasElement }) => {
    // The first card is started for the member as the dialog opens.
    await counterText(canvasElement, 'Punches 0/6 · Reward 0/1');
  },
};

export const RewardBringsLucky7: Story = {
  parameters: scenario('loyalty:lucky7-next'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 6/6 · Reward 0/1');
    await userEvent.upload(card.getByLabelText('Add photo to box 7'), jpeg(7));
    await expect(await card.findByText('Free coffees 0/7', {}, { timeout: 5000 })).toBeVisible();
    // The banner pops in (no animation with reduced motion).
    await waitFor(() => expect(card.getByText('Lucky 7 squared!')).toBeVisible());
  },
};

export const NextCardFails: Story = {
  parameters: scenario('loyalty:next-card-fails'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 6/6 · Reward 0/1');
    await userEvent.upload(card.getByLabelText('Add photo to box 7'), jpeg(7));
    await expect(await card.findByText(LOYALTY_MESSAGES.nextCardFailed, { exact: false }, { timeout: 5000 })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const DailyLimit: Story = {
  parameters: scenario('loyalty:daily-limit'),
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 3/6 · Reward 0/1');
    await userEvent.upload(card.getByLabelText('Add photo to box 4'), jpeg(4));
    await expect(await card.findByText(`Box 4: ${LOYALTY_MESSAGES.uploadFailed}. ${LOYALTY_ERROR_MESSAGES.daily_limit}`, {}, { timeout: 5000 })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Retry upload to box 4' })).toBeVisible();
  },
};

export const NotASubscriber: Story = {
  parameters: scenario('loyalty:not-subscriber'),
  play: async ({ canvasElement }) => {
    const card = within(await dialog(canvasElement));
    await expect(await card.findByText(LOYALTY_MESSAGES.notSubscriber)).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: scenario('loyalty:load-fails'),
  play: async ({ canvasElement }) => {
    const card = within(await dialog(canvasElement));
    await expect(await card.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

export const SignedOut: Story = {
  beforeEach: signOutQuietly,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const signIn = await body.findByRole('dialog', { name: LOYALTY_MESSAGES.signInTitle });
    await waitFor(() => expect(signIn).toBeVisible());
  },
};

export const OnAPhone: Story = {
  parameters: scenario('loyalty:five-punches'),
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const card = await counterText(canvasElement, 'Punches 5/6 · Reward 0/1');
    // Touch screens cannot hover: the delete buttons show.
    await expect(card.getByRole('button', { name: 'Delete photo in box 1' })).toBeInTheDocument();
  },
};
