import { createSecretWordClient, type SecretWordClient } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';

const words = createSecretWordClient();

/** The venue's active secret words, oldest first; read again each time the dialog opens. */
export function secretWordsQuery(client: SecretWordClient = words) {
  return queryOptions({
    queryKey: ['content', 'secret-words'],
    queryFn: ({ signal }) => client.secretWords({ signal }),
    meta: { errorMessage: '[site] secret words could not be read; using the built-in list' },
  });
}

export type SecretWordsState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; words: string[] };

const NONE: string[] = [];

/**
 * The words while `enabled` (the dialog is open). A failed read is logged and gives an empty
 * list, so the word of the day comes from the built-in fallback list instead; visitors never see
 * the failure.
 */
export function useSecretWords(enabled: boolean, client?: SecretWordClient): SecretWordsState {
  const { data, isError } = useQuery({ ...secretWordsQuery(client), enabled });
  if (!enabled) return { status: 'idle' };
  if (data) return { status: 'ready', words: data };
  return isError ? { status: 'ready', words: NONE } : { status: 'loading' };
}
