import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@croft/router';
import { venueHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createVenueClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { CommonGoodTotal } from './common-good-total';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createVenueClient({ baseUrl: 'http://api.test' });

function renderTotal() {
  return render(
    <MemoryRouter>
      <CommonGoodTotal client={client} />
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
}

describe('CommonGoodTotal', () => {
  it('shows the running total as pounds with a link to the fund page', async () => {
    server.use(...venueHandlers({ totalCents: 123_456 }));
    renderTotal();
    expect(await screen.findByText('£1,234.56')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Common Good fund' })).toHaveAttribute('href', '/common-good');
  });

  it('shows a dash, and logs, when the total cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...venueHandlers({ failTotals: true }));
    const { container } = renderTotal();
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(container.querySelector('.site-cg-total__amount')).toHaveTextContent('—');
    expect(screen.getByText('total not available right now')).toBeInTheDocument();
    expect(screen.queryByText(/£/)).not.toBeInTheDocument();
    log.mockRestore();
  });
});
