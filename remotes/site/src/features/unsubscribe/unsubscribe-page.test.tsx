import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@croft/router';
import { ApiError, type NewsletterClient } from '@croft/api-client';
import { UnsubscribePage } from './unsubscribe-page';
import { queryWrapper } from '@croft/query/testing';

const TOKEN = 'a'.repeat(43);

function setup(path: string, unsubscribe: NewsletterClient['unsubscribe']) {
  const client: NewsletterClient = { subscribe: vi.fn(), unsubscribe: vi.fn(unsubscribe) };
  render(
    <MemoryRouter initialEntries={[path]}>
      <UnsubscribePage client={client} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
  return client;
}

describe('UnsubscribePage', () => {
  it('asks for one click, then confirms with a way back', async () => {
    const client = setup(`/unsubscribe?token=${TOKEN}`, async () => undefined);
    expect(client.unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(client.unsubscribe).toHaveBeenCalledWith(TOKEN);
    expect(await screen.findByRole('heading', { name: "You're out" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe again' })).toBeInTheDocument();
  });

  it('explains an expired or used link', async () => {
    setup(`/unsubscribe?token=${TOKEN}`, async () => {
      throw new ApiError(404, 'unknown_token', 'Unknown token');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This link has expired or has already been used.')).toBeInTheDocument();
  });

  it('without a token there is nothing to click', () => {
    setup('/unsubscribe', async () => undefined);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a failure keeps the button for another try', async () => {
    setup(`/unsubscribe?token=${TOKEN}`, async () => {
      throw new ApiError(0, 'network_error', 'offline');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("That didn't work. Please try again.");
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
