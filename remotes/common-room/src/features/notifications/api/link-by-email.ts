import { useMutation } from '@croft/query';
import { nudgeClient } from './nudge-client';

/** Not signed in: the service emails a link that ties this browser's nudges to the address; answers the words to show. */
export function useLinkByEmail() {
  return useMutation({ mutationFn: (email: string) => nudgeClient.linkByEmail(email) });
}
