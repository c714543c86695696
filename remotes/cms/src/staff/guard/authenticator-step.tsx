import { useState, type FormEvent } from 'react';
import { CODE_LENGTH } from '@croft/contracts';
import { useMutation, useQuery } from '@croft/query';
import { getSessionClient } from '@croft/session';
import { Button, PageFrame, Spinner } from '@croft/ui';
import { OtpInput } from '@croft/ui/forms';
import { accountClient, errorMessage, staffKeys } from '../api/staff-client';
import type { StaffIdentity } from '../session';
import { SignOutButton } from './sign-out-button';
import './staff-guard.css';

export const AUTHENTICATOR_TITLE = 'Check it’s you';

/** The verified authenticator app to challenge: from the session, or the person's user record. */
function useFactorId(userId: string, fromSession: string | null) {
  const query = useQuery({
    queryKey: staffKeys.factors(userId),
    queryFn: async () => (await accountClient.getUser()).factors,
    enabled: fromSession === null,
    meta: { errorMessage: 'The staff area could not read the authenticator app' },
  });
  if (fromSession) return { factorId: fromSession, query };
  const factor = query.data?.find((f) => f.status === 'verified' && f.factor_type === 'totp');
  return { factorId: factor?.id ?? null, query };
}

export interface AuthenticatorStepProps {
  identity: StaffIdentity;
  userId: string;
  /** Called once the session is aal2 (it is already the page's session). */
  onVerified?: () => void;
}

/**
 * The authenticator app step (aal1 → aal2): a challenge for the verified factor, then its code.
 * The stronger session becomes the page's session (MFA_CHALLENGE_VERIFIED), so whatever waited for
 * it (the staff guard) goes on by itself.
 */
export function AuthenticatorStep({ identity, userId, onVerified }: AuthenticatorStepProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { factorId, query } = useFactorId(userId, identity.factorId);
  const verify = useMutation({
    mutationFn: async ({ factor, value }: { factor: string; value: string }) => {
      const challenge = await accountClient.challengeFactor(factor);
      return accountClient.verifyFactor({ factorId: factor, challengeId: challenge.id, code: value });
    },
    onSuccess: (session) => {
      getSessionClient().setSession(session, 'MFA_CHALLENGE_VERIFIED');
      onVerified?.();
    },
    onError: (error) => {
      setProblem(errorMessage(error));
      setCode('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!factorId || verify.isPending) return;
    if (code.length !== CODE_LENGTH) {
      setProblem(`Enter the ${CODE_LENGTH}-digit code from your authenticator app.`);
      return;
    }
    setProblem(null);
    verify.mutate({ factor: factorId, value: code });
  };

  return (
    <PageFrame
      title={AUTHENTICATOR_TITLE}
      section="home"
      eyebrow="Staff area"
      intro={`You're signed in as ${identity.email}. Staff screens need the code from your authenticator app as well.`}
    >
      <div className="cms-staff-panel">
        {factorId ? (
          <form className="cms-staff-form" onSubmit={submit} noValidate>
            <OtpInput
              label="Code from your authenticator app"
              hint={`The ${CODE_LENGTH}-digit code your authenticator app shows for Croft Common.`}
              value={code}
              onChange={(value) => {
                setCode(value);
                setProblem(null);
              }}
              error={problem ?? undefined}
              required
              autoFocus
            />
            <Button type="submit" loading={verify.isPending} loadingLabel="Checking the code">
              Verify
            </Button>
          </form>
        ) : query.isError ? (
          <div className="cms-staff-form">
            <p role="alert">We could not read your authenticator app: {errorMessage(query.error)}</p>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        ) : query.isSuccess ? (
          <p role="alert">
            Your account has no authenticator app any more. Sign out and sign in again.
          </p>
        ) : (
          <Spinner label="Loading your authenticator app" />
        )}
        <p className="cms-staff-panel__aside">
          Not you, or lost your phone? <SignOutButton variant="ghost" />
        </p>
      </div>
    </PageFrame>
  );
}
