import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommonGoodMessageRequest } from '@croft/contracts';
import { MemoryRouter } from '@croft/router';
import { venueHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createVenueClient } from '@croft/api-client';
import { ToastProvider, createToastStore, type ToastStore } from '@croft/ui';
import { queryWrapper } from '@croft/query/testing';
import { CommonGoodPage } from './common-good-page';
import { CommonGoodMessagePage, MESSAGE_PAGE_TEXT } from './common-good-message-page';
import { MESSAGE_ERRORS } from './message-rules';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createVenueClient({ baseUrl: 'http://api.test' });
let store: ToastStore;
beforeEach(() => {
  store = createToastStore();
});

function renderWithProviders(node: React.ReactNode) {
  return render(
    <MemoryRouter>
      <ToastProvider store={store}>{node}</ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

describe('CommonGoodPage', () => {
  it('shows the running total big, how it is spent, and links to the message page', async () => {
    server.use(...venueHandlers({ totalCents: 1_330_250 }));
    renderWithProviders(<CommonGoodPage client={client} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Common Good' })).toBeInTheDocument();
    expect(await screen.findByText('£13,302.50')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it is spent' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The community fridge' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Kids' cooking club" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/common-good/message');
  });

  it('shows a dash when the total cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...venueHandlers({ failTotals: true }));
    renderWithProviders(<CommonGoodPage client={client} />);
    expect(await screen.findByText('The total is not available right now')).toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    log.mockRestore();
  });
});

describe('CommonGoodMessagePage', () => {
  const messageBox = () => screen.getByRole('textbox', { name: /^Your message/ });

  it('counts characters live up to 250', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CommonGoodMessagePage client={client} />);
    expect(screen.getByText('0 / 250')).toBeInTheDocument();
    await user.type(messageBox(), 'Hello fund');
    expect(screen.getByText('10 / 250')).toBeInTheDocument();
    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(240) } });
    expect(screen.getByText('240 / 250')).toBeInTheDocument();
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(251) } });
    expect(screen.getByText('251 / 250')).toHaveAttribute('data-over', 'true');
    expect(screen.getByText('1 characters over the limit')).toBeInTheDocument();
  });

  it('refuses an empty or 251-character message inline and sends nothing', async () => {
    const sent: CommonGoodMessageRequest[] = [];
    server.use(...venueHandlers({ onMessage: (m) => sent.push(m) }));
    const user = userEvent.setup();
    renderWithProviders(<CommonGoodMessagePage client={client} />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining(MESSAGE_ERRORS.messageMissing));
    expect(messageBox()).toHaveFocus();
    fireEvent.change(messageBox(), { target: { value: 'a'.repeat(251) } });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining(MESSAGE_ERRORS.messageLong(251)));
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'nope@');
    fireEvent.change(messageBox(), { target: { value: 'ok' } });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGE_ERRORS.emailInvalid),
    );
    expect(sent).toEqual([]);
  });

  it('sends a message of exactly 250 characters with the optional name and shows the thank-you', async () => {
    const sent: CommonGoodMessageRequest[] = [];
    server.use(...venueHandlers({ onMessage: (m) => sent.push(m) }));
    const user = userEvent.setup();
    renderWithProviders(<CommonGoodMessagePage client={client} />);
    fireEvent.change(messageBox(), { target: { value: 'b'.repeat(250) } });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: MESSAGE_PAGE_TEXT.panelHeading })).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Priya', message: 'b'.repeat(250) }]);
    expect(store.getSnapshot().map((t) => t.title)).toEqual([MESSAGE_PAGE_TEXT.successTitle]);
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(messageBox()).toHaveValue('');
  });

  it('shows the rate-limit message in a failure toast and keeps the text', async () => {
    server.use(
      ...venueHandlers({ failMessages: { status: 429, code: 'rate_limited', message: "You've sent several messages in the last hour." } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CommonGoodMessagePage client={client} />);
    await user.type(messageBox(), 'One more idea');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await vi.waitFor(() => expect(store.getSnapshot()).toHaveLength(1));
    expect(store.getSnapshot()[0]).toMatchObject({
      title: MESSAGE_PAGE_TEXT.failedTitle,
      description: "You've sent several messages in the last hour.",
      variant: 'destructive',
    });
    expect(messageBox()).toHaveValue('One more idea');
  });
});
