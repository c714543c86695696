import type { Factor } from '@croft/contracts';
import { getSessionClient } from '@croft/session';
import { useMutation, useQueryClient } from '@croft/query';
import { accountClient, accountKeys } from './account-client';

/**
 * Verifies a new authenticator app with a code (a challenge, then the code): the answer is a
 * stronger session (aal2), which becomes the page's session, and the factor list it carries.
 */
export function useVerifyTotp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const challenge = await accountClient.challengeFactor(factorId);
      return accountClient.verifyFactor({ factorId, challengeId: challenge.id, code });
    },
    onSuccess: (session) => {
      getSessionClient().setSession(session, 'MFA_CHALLENGE_VERIFIED');
      queryClient.setQueryData<Factor[]>(accountKeys.factors(userId), session.user.factors);
    },
  });
}
