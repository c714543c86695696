import { useMutation } from '@croft/query';
import { accountClient } from './account-client';

/** Signs the member out everywhere but here. */
export function useSignOutOthers() {
  return useMutation({ mutationFn: () => accountClient.signOutOthers() });
}
