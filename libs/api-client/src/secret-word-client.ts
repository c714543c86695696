import { listSecretWordsEndpoint } from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

/**
 * The members' secret beer word reads the active words. Not part of the shared content client,
 * so the public pages' first chunk does not carry the secret words' contracts.
 */
export interface SecretWordClient {
  /** The active secret words, oldest first. */
  secretWords(init?: { signal?: AbortSignal }): Promise<string[]>;
}

export function createSecretWordClient(options: ClientOptions = {}): SecretWordClient {
  return {
    async secretWords(init) {
      return (await callEndpoint(options, listSecretWordsEndpoint, {}, init)).items;
    },
  };
}
