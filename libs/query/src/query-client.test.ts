import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryClient, retryTransientOnce } from './query-client';

describe('the QueryClient defaults', () => {
  it('retries a read once after a network failure or a 5xx, never after a 4xx or a contract mismatch', () => {
    expect(retryTransientOnce(0, { status: 0, code: 'network_error' })).toBe(true);
    expect(retryTransientOnce(0, { status: 503, code: 'unavailable' })).toBe(true);
    expect(retryTransientOnce(1, { status: 503, code: 'unavailable' })).toBe(false);
    expect(retryTransientOnce(0, { status: 404, code: 'not_found' })).toBe(false);
    expect(retryTransientOnce(0, { status: 200, code: 'invalid_response' })).toBe(false);
    expect(retryTransientOnce(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('never retries a write', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it("logs a failed read once with the query's message, and nothing for a query without one", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const failure = new Error('down');
    await client.prefetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(failure), meta: { errorMessage: '[test] a could not be read' } });
    await client.prefetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(failure) });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('[test] a could not be read', failure);
    log.mockRestore();
  });

  it('is one client for the page', () => {
    expect(getQueryClient()).toBe(getQueryClient());
  });
});
