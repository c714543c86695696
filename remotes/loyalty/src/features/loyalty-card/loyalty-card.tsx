import type { RemoteDialogProps } from '@croft/contracts/remotes';
import { LOYALTY_MESSAGES } from '@croft/contracts';
import { ApiError } from '@croft/api-client';
import { EmailSignInDialog } from '@croft/auth-gate';
import { getSessionClient, type Session } from '@croft/session';
import { useSession } from '@croft/session/react';
import { Dialog } from '@croft/ui';
import { identityClient } from './api/loyalty-client';
import { CardPanel } from './card-panel';
import './loyalty-card.css';

export type LoyaltyCardProps = RemoteDialogProps;

/** 'Account not found: Please sign up first or check your email address.' as a toast's title and text. */
const [NOT_FOUND_TITLE, NOT_FOUND_TEXT] = LOYALTY_MESSAGES.accountNotFound.split(': ') as [string, string];

/** Spec 001 §8: the loyalty sign-in's refusal for an address with no account (and no membership). */
export function loyaltySignInError(error: unknown): { title: string; description: string } | undefined {
  if (error instanceof ApiError && (error.code === 'user_not_found' || error.code === 'signup_disabled')) {
    return { title: NOT_FOUND_TITLE, description: NOT_FOUND_TEXT };
  }
  return undefined;
}

/**
 * The photo loyalty card the site opens after the secret 7 on /cafe (spec 001 §2 modal 7 and the
 * loyalty card grid). Signed out: 'Sign in to your loyalty card' with an emailed code (known
 * accounts and newsletter members only). Signed in: the member's card straight away.
 */
export default function LoyaltyCard({ open, onClose }: LoyaltyCardProps) {
  const session = useSession();
  if (!session) {
    return (
      <EmailSignInDialog
        open={open}
        onClose={onClose}
        client={identityClient}
        createUser={false}
        title={LOYALTY_MESSAGES.signInTitle}
        notice="Sign in with the email you subscribed to the newsletter with. We'll email you a 6-digit code."
        sendErrorToast={loyaltySignInError}
        onSignedIn={(signedIn) => getSessionClient().setSession(signedIn as Session)}
      />
    );
  }
  return (
    <Dialog open={open} onClose={onClose} title="Your loyalty card" size="md" className="lc-dialog">
      <CardPanel userId={session.user.id} onClose={onClose} />
    </Dialog>
  );
}
export { LoyaltyCard };
