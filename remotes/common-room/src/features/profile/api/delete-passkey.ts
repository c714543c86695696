import type { Passkey } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { accountClient, accountKeys } from './account-client';

/** Removes one of the member's passkeys; the list drops it without a new read. */
export function useDeletePasskey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => accountClient.deletePasskey(passkeyId),
    onSuccess: (_done, passkeyId) => {
      queryClient.setQueryData<Passkey[]>(accountKeys.passkeys(userId), (list) => list?.filter((p) => p.id !== passkeyId));
    },
  });
}
