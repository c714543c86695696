import { useEffect, useState } from 'react';
import { createContentClient, type ContentClient } from '@croft/api-client';

const defaultClient = createContentClient();

export type SecretWordsState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; words: string[] };

/**
 * The venue's active secret words (oldest first), read each time `enabled` turns true (the
 * dialog opening). A failed read is logged and gives an empty list, so the word of the day comes
 * from the built-in fallback list instead; visitors never see the failure.
 */
export function useSecretWords(enabled: boolean, client: ContentClient = defaultClient): SecretWordsState {
  const [state, setState] = useState<SecretWordsState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    client
      .secretWords({ signal: controller.signal })
      .then((words) => setState({ status: 'ready', words }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[site] secret words could not be read; using the built-in list', error);
        setState({ status: 'ready', words: [] });
      });
    return () => controller.abort();
  }, [enabled, client]);
  return state;
}
