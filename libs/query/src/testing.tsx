/**
 * Test and story helpers (not part of the shared singleton): a fresh QueryClient for each test
 * or story, so no cached answer leaks from one to the next.
 *
 *   render(<Page />, { wrapper: queryWrapper() })
 *   renderHook(() => useThing(), { wrapper: queryWrapper() })
 */
import { useState, type ReactNode } from 'react';
import { notifyManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

// react-query hands results to components on a 0 ms timeout taken from the real clock at load,
// which fake timers cannot advance. In tests and stories it delivers them on a microtask
// instead, which act(), waitFor and vi.advanceTimersByTimeAsync all flush.
notifyManager.setScheduler((callback) => queueMicrotask(callback));

/** The site's defaults (error logging included) without retries, which would only slow tests. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** A `wrapper` for render/renderHook that provides `client` (a fresh one by default). */
export function queryWrapper(client: QueryClient = createTestQueryClient()) {
  function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  }
  return QueryWrapper;
}

/** A fresh QueryClient for as long as it stays mounted (Storybook's decorator keys it per story). */
export function FreshQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createTestQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
