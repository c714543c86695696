import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, getQueryClient, readAgainAfterChange, retryTransientOnce } from './query-client';

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

describe('readAgainAfterChange', () => {
  /** A watched query whose first read is held until `release` is called; later reads answer at once. */
  function firstReadHeld() {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = ['member', 'view'];
    let server = 'before the change';
    let release = () => {};
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: ({ signal }) => {
        reads++;
        const answer = server;
        if (reads > 1) return Promise.resolve(answer);
        return new Promise<string>((resolve, reject) => {
          release = () => resolve(answer);
          signal.addEventListener('abort', () => reject(signal.reason));
        });
      },
    });
    // A component watching it: this starts the first read.
    observer.subscribe(() => undefined);
    return { client, queryKey, change: () => (server = 'after the change'), release: () => release(), read: () => client.getQueryData(queryKey) };
  }

  it('restarts a first read that left before the change, so the page shows what the change made', async () => {
    const q = firstReadHeld();
    q.change();
    const done = readAgainAfterChange(q.client, [q.queryKey]);
    q.release();
    await done;
    expect(q.read()).toBe('after the change');
  });

  it('is needed: invalidating alone lets that first read stand', async () => {
    const q = firstReadHeld();
    q.change();
    const done = q.client.invalidateQueries({ queryKey: q.queryKey });
    q.release();
    await done;
    expect(q.read()).toBe('before the change');
  });
});
