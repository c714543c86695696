import type { Factor } from '@croft/contracts';
import { useMutation, useQueryClient } from '@croft/query';
import { accountClient, accountKeys } from './account-client';

/** Removes an MFA factor (a verified one, or a draft left by a cancelled set-up). */
export function useDeleteFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factorId: string) => accountClient.deleteFactor(factorId),
    onSuccess: (_done, factorId) => {
      queryClient.setQueryData<Factor[]>(accountKeys.factors(userId), (list) => list?.filter((f) => f.id !== factorId));
    },
  });
}
