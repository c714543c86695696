import { useMemo } from 'react';
import { createIdentityClient } from '@croft/api-client';
import { getSessionClient, type Session } from '@croft/session';
import { EmailSignInDialog, type EmailSignInClient } from '../email-sign-in/email-sign-in-dialog';
import { LinkMembershipDialog } from './link-membership-dialog';
import { PasskeyUnlockDialog } from './passkey-unlock-dialog';
import type { MembershipGateHandle } from './use-membership-gate';

export interface MembershipGateProps {
  /** From useMembershipGate(). */
  gate: MembershipGateHandle;
  /** For the 'Email instead' sign-in; defaults to the identity service. */
  emailClient?: EmailSignInClient;
  /** Receives the session from the email sign-in; defaults to the shared session client. */
  onEmailSession?: (session: unknown) => void;
}

/** Renders whichever modal the gate is in: passkey unlock, link membership, or email sign-in. */
export function MembershipGate({ gate, emailClient, onEmailSession }: MembershipGateProps) {
  const { state, controller } = gate;
  const client = useMemo(() => emailClient ?? createIdentityClient(), [emailClient]);
  return (
    <>
      {state.view === 'passkey' && (
        <PasskeyUnlockDialog
          open
          onClose={controller.close}
          support={state.support}
          busy={state.busy}
          message={state.message}
          tone={state.tone}
          canUseEmail={state.canUseEmail}
          onUnlock={() => void controller.unlockWithPasskey()}
          onEmailInstead={controller.useEmailInstead}
        />
      )}
      {state.view === 'link' && (
        <LinkMembershipDialog
          open
          onClose={controller.close}
          step={state.step}
          email={state.email}
          busy={state.busy}
          error={state.error}
          notice={state.notice}
          onSubmitEmail={(email) => void controller.submitLinkEmail(email)}
          onSubmitCode={(code) => void controller.submitLinkCode(code)}
          onBack={controller.backToLinkEmail}
        />
      )}
      {state.view === 'email' && (
        <EmailSignInDialog
          open
          onClose={controller.close}
          client={client}
          onSignedIn={(session) => {
            if (onEmailSession) onEmailSession(session);
            else getSessionClient().setSession(session as Session);
            controller.emailSignedIn();
          }}
        />
      )}
    </>
  );
}
