import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOYALTY_ERROR_MESSAGES, LOYALTY_MESSAGES } from '@croft/contracts';
import { MOCK_SIGN_IN_CODE, buildSession, identityHandlers, loyaltyFailure, loyaltyHandlers, type LoyaltyMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { http, HttpResponse } from 'msw';
import { queryWrapper } from '@croft/query/testing';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import LoyaltyCard from './loyalty-card';

const server = listenForTests({ beforeAll, afterEach, afterAll }, [], { formData: true });
afterEach(async () => {
  vi.useRealTimers();
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
  sessionStorage.clear();
});

/** A photo as the camera picker hands it over (a JPEG's first bytes; jsdom cannot scale it, so it goes as it is). */
const photo = (n: number) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, n])], `IMG_${n}.jpg`, { type: 'image/jpeg' });

function open(options: LoyaltyMockOptions = {}, { signedIn = true } = {}) {
  server.resetHandlers(...loyaltyHandlers({ uploadDelayMs: 0, ...options }), ...identityHandlers());
  if (signedIn) getSessionClient().setSession(buildSession({ email: 'member@example.com' }));
  const onClose = vi.fn();
  render(
    <ToastProvider store={createToastStore()}>
      <LoyaltyCard open onClose={onClose} />
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { onClose };
}

const card = () => screen.findByRole('dialog', { name: 'Your loyalty card' });
const counter = async () => within(await card()).findByText(/^(Punches|Free coffees) /);
const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const box = (n: number) => screen.getByLabelText(`Add photo to box ${n}`);

describe('the loyalty card', () => {
  it('three punches: the exact counter, three photos, box 7 locked, boxes 4–6 open', async () => {
    open({ world: 'three-punches' });
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
    expect(screen.getAllByRole('img', { name: /Your punch photo in box/ })).toHaveLength(3);
    expect(box(7)).toBeDisabled();
    expect(screen.getByText('Locked until six punches')).toBeInTheDocument();
    for (const n of [4, 5, 6]) expect(box(n)).toBeEnabled();
    expect(box(4)).toHaveAttribute('capture', 'environment');
    expect(box(4)).toHaveAttribute('accept', 'image/*');
    expect(screen.queryByText(LOYALTY_MESSAGES.luckyNotice)).not.toBeInTheDocument();
    // past cards with their dates
    expect(within(screen.getByRole('list', { name: 'Past cards' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('six punches and no reward: "Lucky Number 7 is on us" and box 7 open for the reward', async () => {
    open({ world: 'reward-unlocked' });
    expect(await counter()).toHaveTextContent('Punches 6/6 · Reward 0/1');
    expect(screen.getByText(LOYALTY_MESSAGES.luckyNotice)).toBeInTheDocument();
    expect(box(7)).toBeEnabled();
    expect(screen.queryByText('Locked until six punches')).not.toBeInTheDocument();
  });

  it('focus: the next box on open, the same box while its photo goes up and after it lands, and back in the box after a delete', async () => {
    open({ world: 'three-punches', uploadDelayMs: 200 });
    await counter();
    await waitFor(() => expect(box(4)).toHaveFocus());
    await userEvent.upload(box(4), photo(4));
    // The box holds focus while the photo goes up (its picker is replaced by the progress).
    const progress = await screen.findByRole('progressbar', { name: 'Uploading photo to box 4' });
    expect(progress.closest('li')).toHaveFocus();
    const remove = await screen.findByRole('button', { name: 'Delete photo in box 4' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(await counter()).toHaveTextContent('Punches 4/6 · Reward 0/1');
    await userEvent.click(remove);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(box(4)).toHaveFocus());
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
  });

  it('the sixth punch lands: the counter moves, box 7 unlocks and "Lucky Number 7 is on us" shows', async () => {
    open({ world: 'five-punches' });
    expect(await counter()).toHaveTextContent('Punches 5/6 · Reward 0/1');
    await userEvent.upload(box(6), photo(6));
    await waitFor(async () => expect(await counter()).toHaveTextContent('Punches 6/6 · Reward 0/1'));
    expect(screen.getByText(LOYALTY_MESSAGES.luckyNotice)).toBeInTheDocument();
    expect(box(7)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete photo in box 6' })).toBeInTheDocument();
  });

  it('the reward completes the card: "Creating your next card…", then a fresh card and the old one in the past', async () => {
    open({ world: 'reward-unlocked' });
    await counter();
    await userEvent.upload(box(7), photo(7));
    // It shows while the next card is read (findBy watches the DOM, so a short showing counts).
    await screen.findByText(LOYALTY_MESSAGES.creatingNext);
    await waitFor(async () => expect(await counter()).toHaveTextContent('Punches 0/6 · Reward 0/1'));
    expect(screen.queryByText(LOYALTY_MESSAGES.creatingNext)).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past cards' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('the sixth completed card brings a Lucky 7 card: "Free coffees 0/7" and a banner that goes after 5 seconds', async () => {
    open({ world: 'lucky7-next' });
    await counter();
    await userEvent.upload(box(7), photo(7));
    await waitFor(async () => expect(await counter()).toHaveTextContent('Free coffees 0/7'));
    const banner = screen.getByText('Lucky 7 squared!');
    expect(banner).toBeInTheDocument();
    for (let n = 1; n <= 7; n++) expect(box(n)).toBeEnabled();
    await waitFor(() => expect(screen.queryByText('Lucky 7 squared!')).not.toBeInTheDocument(), { timeout: 10_000 });
  }, 20_000);

  it('a Lucky 7 card takes rewards in any box', async () => {
    open({ world: 'lucky7' });
    expect(await counter()).toHaveTextContent('Free coffees 0/7');
    await userEvent.upload(box(3), photo(3));
    await waitFor(async () => expect(await counter()).toHaveTextContent('Free coffees 1/7'));
    expect(screen.getByRole('img', { name: /Your reward photo in box 3/ })).toBeInTheDocument();
  });

  it('deleting asks first; Cancel keeps the photo, Delete photo drops the counter', async () => {
    open({ world: 'three-punches' });
    await counter();
    await userEvent.click(screen.getByRole('button', { name: 'Delete photo in box 3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete photo in box 3' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));
    await waitFor(async () => expect(await counter()).toHaveTextContent('Punches 2/6 · Reward 0/1'));
    expect(box(3)).toBeEnabled();
  });

  it("a failed delete says 'Failed to delete entry' and keeps the photo", async () => {
    open({ world: 'three-punches', failures: { delete: { status: 500, code: 'internal_error', message: 'Something went wrong' } } });
    await counter();
    await userEvent.click(screen.getByRole('button', { name: 'Delete photo in box 2' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', { name: 'Delete photo' }));
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.deleteEntryFailed)).toBeInTheDocument();
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
  });

  it('a failed upload says so in the box and as a toast, and Retry sends the same photo again without choosing it', async () => {
    open({ world: 'three-punches' });
    await counter();
    // The first upload fails; the service is back for the next one.
    const sent: number[] = [];
    server.use(
      http.post('*/api/loyalty/cards/:id/entries', async ({ request }) => {
        sent.push((await request.clone().formData()).get('photo') instanceof Blob ? 1 : 0);
        return HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 });
      }, { once: true }),
    );
    await userEvent.upload(box(4), photo(4));
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.couldNotSave)).toBeInTheDocument();
    expect(screen.getByText(LOYALTY_MESSAGES.couldNotSave, { selector: '.lc-box strong' })).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Retry upload to box 4' });
    await userEvent.click(retry);
    expect(sent).toEqual([1]);
    await waitFor(() => expect(screen.getByRole('img', { name: /Your punch photo in box 4/ })).toBeInTheDocument());
  });

  it("a refusal shows the service's words (the same photo twice)", async () => {
    open({ world: 'three-punches' });
    await counter();
    server.use(...loyaltyHandlers({ world: 'three-punches', uploadDelayMs: 0, failures: { upload: loyaltyFailure('duplicate_photo') } }));
    await userEvent.upload(box(4), photo(4));
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.uploadFailed)).toBeInTheDocument();
    expect(within(toasts()).getByText(LOYALTY_ERROR_MESSAGES.duplicate_photo)).toBeInTheDocument();
    // …and beside the grid, with its box, for as long as the failed upload waits for Retry or Cancel.
    expect(screen.getByText(`Box 4: ${LOYALTY_MESSAGES.uploadFailed}. ${LOYALTY_ERROR_MESSAGES.duplicate_photo}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload to box 4' }));
    expect(screen.queryByText(/^Box 4: /)).not.toBeInTheDocument();
    expect(box(4)).toBeEnabled();
  });

  it("today's photos used up: 'Upload failed' with the service's words, and the box offers Retry", async () => {
    open({ world: 'three-punches', dailyCap: 0 });
    await counter();
    await userEvent.upload(box(4), photo(4));
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.uploadFailed)).toBeInTheDocument();
    expect(within(toasts()).getByText(LOYALTY_ERROR_MESSAGES.daily_limit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry upload to box 4' })).toHaveFocus();
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
  });

  it('a member with no card gets one started', async () => {
    open({ world: 'no-card' });
    expect(await counter()).toHaveTextContent('Punches 0/6 · Reward 0/1');
  });

  it('not a newsletter subscriber: the exact refusal, and Close', async () => {
    const { onClose } = open({ world: 'no-card', notSubscriber: true });
    expect(await within(await card()).findByRole('alert')).toHaveTextContent(LOYALTY_MESSAGES.notSubscriber);
    await userEvent.click(within(await card()).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("the card does not load: 'Failed to load loyalty entries', and Retry reads it again", async () => {
    open({ failures: { load: { status: 500, code: 'internal_error', message: 'Something went wrong' } } });
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.loadFailed)).toBeInTheDocument();
    server.resetHandlers(...loyaltyHandlers({ uploadDelayMs: 0 }), ...identityHandlers());
    await userEvent.click(within(await card()).getByRole('button', { name: 'Retry' }));
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
  });

  it("the next card is not made: 'Next card not created' and Retry", async () => {
    open({ world: 'reward-unlocked', failures: { nextCard: true } });
    await counter();
    await userEvent.upload(box(7), photo(7));
    expect(await within(toasts()).findByText(LOYALTY_MESSAGES.nextCardFailed)).toBeInTheDocument();
    expect(within(await card()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('signing in to the loyalty card', () => {
  it("signed out: 'Sign in to your loyalty card'; an address with no account gets 'Account not found'", async () => {
    open({}, { signedIn: false });
    const dialog = await screen.findByRole('dialog', { name: LOYALTY_MESSAGES.signInTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'unknown@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(toasts()).findByText('Account not found')).toBeInTheDocument();
    expect(within(toasts()).getByText('Please sign up first or check your email address.')).toBeInTheDocument();
  });

  it('a member signs in with the emailed code and lands on their card', async () => {
    open({}, { signedIn: false });
    const dialog = await screen.findByRole('dialog', { name: LOYALTY_MESSAGES.signInTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'member@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: /6-digit code/ });
    await userEvent.type(code, MOCK_SIGN_IN_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await counter()).toHaveTextContent('Punches 3/6 · Reward 0/1');
    await act(async () => undefined);
  });
});
