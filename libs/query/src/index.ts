/**
 * The browser's one data layer: react-query with one QueryClient for the page. Federation bundles
 * a shared module whole, so this lib re-exports only what we use (the bundler tree-shakes
 * react-query behind it) and is the shared singleton: one cache and one react-query context for
 * the shell and every remote. Import react-query from here, never from '@tanstack/react-query'
 * (lint enforces it). Features keep their query options and hooks in their own `api/` folder.
 */
export {
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { QueryClient, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
export { createQueryClient, getQueryClient, readAgainAfterChange, retryTransientOnce } from './query-client';
export { QueryProvider } from './query-provider';
