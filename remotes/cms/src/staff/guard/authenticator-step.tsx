import { useState } from 'react';
import { CODE_LENGTH } from '@croft/contracts';
import { useMutation, useQuery } from '@croft/query';
import { getSessionClient } from '@croft/session';
import { Button, PageFrame, Spinner } from '@croft/ui';
import { accountClient, errorMessage, staffKeys } from '../api/staff-client';
import { CodeForm } from '../code-form/code-form';
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

  return (
    <PageFrame
      title={AUTHENTICATOR_TITLE}
      section="home"
      eyebrow="Staff area"
      intro={`You're signed in as ${identity.email}. Staff screens need the code from your authenticator app as well.`}
    >
      <div className="cms-staff-panel">
        {factorId ? (
          <CodeForm
            label="Code from your authenticator app"
            hint={`The ${CODE_LENGTH}-digit code your authenticator app shows for Croft Common.`}
            code={code}
            onCodeChange={setCode}
            problem={problem}
            onProblemChange={setProblem}
            incompleteMessage={`Enter the ${CODE_LENGTH}-digit code from your authenticator app.`}
            pending={verify.isPending}
            onVerify={(value) => verify.mutate({ factor: factorId, value })}
          />
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
