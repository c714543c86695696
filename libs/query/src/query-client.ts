import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Logged with the error (console.error) when a read finally fails, once per failed fetch
       * however many components watch the query. Spec 000 §8: read failures are logged, and the
       * feature shows its fallback.
       */
      errorMessage?: string;
    };
  }
}

/** An ApiError (or anything with an HTTP-like status) that is worth one more try. */
function isTransient(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : undefined;
  // 0: the network failed before an answer; 5xx: the service failed. 4xx and contract
  // mismatches answer the same the second time.
  return typeof status === 'number' && (status === 0 || status >= 500);
}

/** Reads retry a transient failure once (after react-query's 1 s delay); nothing else. */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isTransient(error);
}

/**
 * A QueryClient with the site's defaults. Reads: one retry of a transient failure, fresh data
 * refetched when a watching component mounts or the tab shows again (features that can keep
 * data for the session say so with their own staleTime). Writes never retry: a booking or a
 * subscription must not be sent twice behind the visitor's back.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const message = query.meta?.errorMessage;
        if (message) console.error(message, error);
      },
    }),
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: retryTransientOnce, ...config.defaultOptions?.queries },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

let shared: QueryClient | undefined;

/**
 * The page's one QueryClient. This module is a federation singleton (tools/federation/shared.mjs),
 * so the shell and every remote get the same instance and the same cache: a read one remote made
 * is not made again by another.
 */
export function getQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

/**
 * Reads these queries again after a change the visitor made. `invalidateQueries` alone restarts a
 * read under way only when the query already has data; a *first* read still under way is joined,
 * so a read that left before the change would stand (signing in starts the member's first read as
 * the change goes out). So reads under way are cancelled first, then every query is read anew.
 * Resolves when the new reads have settled.
 */
export async function readAgainAfterChange(queryClient: QueryClient, queryKeys: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
