import { useMutation } from '@croft/query';
import { accountClient } from './account-client';

/** Starts enrolling an authenticator app: an unverified factor with its secret and otpauth URI. */
export function useEnrolTotp() {
  return useMutation({
    mutationFn: (input: { friendlyName: string; issuer?: string }) => accountClient.enrolTotp(input),
  });
}
