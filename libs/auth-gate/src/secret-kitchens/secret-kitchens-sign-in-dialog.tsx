import { SECRET_KITCHEN_SESSION_SECONDS } from '@croft/contracts';
import { useToast } from '@croft/ui';
import { EmailSignInDialog, type EmailSignInClient } from '../email-sign-in/email-sign-in-dialog';
import { MEMBERSHIP_GATE_TITLES, MESSAGES, SECRET_KITCHENS_NOTICE } from '../messages';

export interface SecretKitchensClient extends EmailSignInClient {
  /** check_secret_kitchen_access_status: true when the email may sign in to Secret Kitchens. */
  secretKitchenAccess(email: string): Promise<boolean>;
}

export interface SecretKitchensSignInDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new session (code verified), or the current one when already signed in with that email. */
  onSignedIn: (session: unknown) => void;
  client: SecretKitchensClient;
  /** The current session, if any: signing in with its email skips the code. */
  currentSession?: { user: { email: string } } | null;
}

/**
 * Sign In to Secret Kitchens (spec 001 §2 modal 5, §5): the email must have access; the same
 * signed-in email goes straight in; otherwise a code is sent without creating users, for a
 * session of 176400 s.
 */
export function SecretKitchensSignInDialog({ open, onClose, onSignedIn, client, currentSession }: SecretKitchensSignInDialogProps) {
  const { toast } = useToast();
  async function beforeSendCode(email: string): Promise<boolean> {
    if (!(await client.secretKitchenAccess(email))) {
      toast({ ...MESSAGES.secretKitchensDenied, variant: 'destructive' });
      return false;
    }
    if (currentSession && currentSession.user.email.toLowerCase() === email.toLowerCase()) {
      toast(MESSAGES.welcomeBack);
      onSignedIn(currentSession);
      return false;
    }
    return true;
  }
  return (
    <EmailSignInDialog
      open={open}
      onClose={onClose}
      onSignedIn={onSignedIn}
      client={client}
      createUser={false}
      sessionDuration={SECRET_KITCHEN_SESSION_SECONDS}
      title={MEMBERSHIP_GATE_TITLES.secretKitchens}
      notice={SECRET_KITCHENS_NOTICE}
      beforeSendCode={beforeSendCode}
    />
  );
}
