import { useMemo } from 'react';
import { createAccountClient, createIdentityClient } from '@croft/api-client';
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
  /**
   * Whether the person who just signed in by email is a member (an active newsletter subscriber);
   * defaults to the identity service's live answer for their access token.
   */
  isMember?: (session: Session) => Promise<boolean>;
}

/** The identity service's live membership answer for a session (GET /user). */
async function memberByIdentity(session: Session): Promise<boolean> {
  const account = createAccountClient({ getAccessToken: () => session.access_token });
  return (await account.getUser()).member;
}

/** Renders whichever modal the gate is in: passkey unlock, link membership, or email sign-in. */
export function MembershipGate({ gate, emailClient, onEmailSession, isMember = memberByIdentity }: MembershipGateProps) {
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
            // Signing in is not membership: the gate lets members through (spec 001 §6).
            void isMember(session as Session).then(
              (member) => controller.emailSignedIn(member),
              () => controller.emailSignedIn(false),
            );
          }}
        />
      )}
    </>
  );
}
