import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSecretWordRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createSecretWordClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { SecretBeerDialog } from './secret-beer-dialog';
import { FALLBACK_WORDS } from './word-of-the-day';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createSecretWordClient({ baseUrl: 'http://api.test' });
const words = ['amber', 'bitter', 'cask', 'dray'].map((word, i) =>
  buildSecretWordRow({ word, created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
);

describe('SecretBeerDialog', () => {
  beforeEach(() => {
    // A fixed clock: 3 January 2026, 23:30 UTC → day-of-year 2.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-03T23:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reads the active words when it opens and shows the word of the (UTC) day', async () => {
    server.use(...contentHandlers({ secretWords: [...words, buildSecretWordRow({ word: 'retired', is_active: false, created_at: '2024-01-01T00:00:00.000Z' })] }));
    render(<SecretBeerDialog open onClose={() => undefined} client={client} />, { wrapper: queryWrapper() });
    expect(screen.getByRole('status')).toHaveTextContent("Finding today's word");
    expect(await screen.findByText('cask')).toHaveClass('site-beer-word');
    expect(screen.getByText('Not-So-Common IPA: 2.5/5')).toBeInTheDocument();
    expect(screen.getByText('Membership. Not Members')).toBeInTheDocument();
  });

  it('changes word at midnight UTC', async () => {
    vi.setSystemTime(new Date('2026-01-04T00:00:01Z'));
    server.use(...contentHandlers({ secretWords: words }));
    render(<SecretBeerDialog open onClose={() => undefined} client={client} />, { wrapper: queryWrapper() });
    expect(await screen.findByText('dray')).toBeInTheDocument();
  });

  it('falls back to the built-in list when the read fails, logging only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...contentHandlers({ failures: { secretWords: 500 } }));
    render(<SecretBeerDialog open onClose={() => undefined} client={client} />, { wrapper: queryWrapper() });
    expect(await screen.findByText(FALLBACK_WORDS[2])).toBeInTheDocument();
    expect(log).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/went wrong/)).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('falls back to the built-in list when no word is active', async () => {
    server.use(...contentHandlers({ secretWords: [] }));
    render(<SecretBeerDialog open onClose={() => undefined} client={client} />, { wrapper: queryWrapper() });
    expect(await screen.findByText(FALLBACK_WORDS[2])).toBeInTheDocument();
  });

  it('asks for the words only while open, and again on each opening', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/content/secret-words', () => {
        calls += 1;
        return HttpResponse.json({ items: ['amber'] });
      }),
    );
    const { rerender } = render(<SecretBeerDialog open={false} onClose={() => undefined} client={client} />, { wrapper: queryWrapper() });
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(0);
    rerender(<SecretBeerDialog open onClose={() => undefined} client={client} />);
    await waitFor(() => expect(calls).toBe(1));
    expect(await screen.findByText('amber')).toBeInTheDocument();
    rerender(<SecretBeerDialog open={false} onClose={() => undefined} client={client} />);
    rerender(<SecretBeerDialog open onClose={() => undefined} client={client} />);
    await waitFor(() => expect(calls).toBe(2));
    expect(await screen.findByText('amber')).toBeInTheDocument();
  });
});
