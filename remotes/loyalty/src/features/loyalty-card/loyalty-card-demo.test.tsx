import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOYALTY_MESSAGES } from '@croft/contracts';
import { identityHandlers, loyaltyHandlers } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider } from '@croft/ui';
import { LoyaltyCardDemo } from './loyalty-card-demo';

const server = listenForTests({ beforeAll, afterEach, afterAll }, [], { formData: true });
afterEach(async () => {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  sessionStorage.clear();
});

describe('the standalone loyalty card page', () => {
  it('opens the dialog from its button; QA can skip the code as the mocks’ member and see the card', async () => {
    server.resetHandlers(...loyaltyHandlers({ uploadDelayMs: 0 }), ...identityHandlers());
    render(
      <ToastProvider store={createToastStore()}>
        <LoyaltyCardDemo />
      </ToastProvider>,
      { wrapper: queryWrapper() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Open the loyalty card' }));
    const signIn = await screen.findByRole('dialog', { name: LOYALTY_MESSAGES.signInTitle });
    await userEvent.click(within(signIn).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: /Sign in as member@example.com/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Open the loyalty card' }));
    const card = await screen.findByRole('dialog', { name: 'Your loyalty card' });
    expect(await within(card).findByText('Punches 3/6 · Reward 0/1')).toBeInTheDocument();
  });
});
