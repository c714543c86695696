import { useId, useState, type FormEvent } from 'react';
import { CODE_LENGTH } from '@croft/contracts';
import { Button, Dialog, useToast } from '@croft/ui';
import { OtpInput } from '@croft/ui/forms';
import { EMAIL_SIGN_IN_TITLES, MESSAGES } from '../messages';
import { EmailField } from '../email-field';
import './email-sign-in-dialog.css';

/** What the dialog needs from the identity service (libs/api-client provides it). */
export interface EmailSignInClient {
  sendCode(input: { email: string; createUser: boolean; sessionDuration?: number }): Promise<void>;
  verifyCode(input: { email: string; code: string }): Promise<unknown>;
  isEmailDomainAllowed?(email: string): Promise<boolean>;
}

/** A failure the identity service explained (its message is shown to the person). */
export interface ExplainedError {
  message: string;
  code?: string;
}
function isExplained(error: unknown): error is ExplainedError & Error {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  // A network failure is not the service explaining anything.
  return typeof code === 'string' && code !== 'network_error';
}

export interface EmailSignInDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with whatever verifyCode resolved to (the new session). */
  onSignedIn: (session: unknown) => void;
  client: EmailSignInClient;
  /** Staff who create events: the email's domain must be allowed, and they get the instructions. */
  requireAllowedDomain?: boolean;
  /**
   * Anyone may sign in, but an email from an allowed staff domain gets the instructions variant
   * for the code step (the Common Room sign-in page).
   */
  detectStaff?: boolean;
  /** false for flows that must not create accounts (Secret Kitchens). */
  createUser?: boolean;
  sessionDuration?: number;
  /** Overrides the first step's title (e.g. 'Sign In to Secret Kitchens'). */
  title?: string;
  notice?: string;
  /**
   * Runs before a code is sent (e.g. the Secret Kitchens access check). Resolve false to stop
   * (the hook shows its own message or signs the person in itself); a rejection shows
   * 'Validation error' with its message.
   */
  beforeSendCode?: (email: string) => Promise<boolean>;
  /**
   * Words of the flow's own for a failed code request (e.g. the loyalty card's 'Account not
   * found'); undefined keeps the usual 'Authentication failed' / 'Failed to send code'.
   */
  sendErrorToast?: (error: unknown) => { title: string; description?: string } | undefined;
}

type Step = 'email' | 'code';

/**
 * Email one-time-code sign-in (spec 001 §2 modal 1): an email step, then a 6-digit code step,
 * with back. Verify stays disabled until six digits are entered.
 */
export function EmailSignInDialog({
  open,
  onClose,
  onSignedIn,
  client,
  requireAllowedDomain = false,
  detectStaff = false,
  createUser = true,
  sessionDuration,
  title,
  notice,
  beforeSendCode,
  sendErrorToast,
}: EmailSignInDialogProps) {
  const { toast } = useToast();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [staff, setStaff] = useState(requireAllowedDomain);
  const formId = useId();

  const reset = () => {
    setStep('email');
    setCode('');
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      toast({ ...MESSAGES.emailRequired, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      if (beforeSendCode) {
        let proceed: boolean;
        try {
          proceed = await beforeSendCode(trimmed);
        } catch (error) {
          toast({ ...MESSAGES.validationError, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
          return;
        }
        if (!proceed) return;
      }
      if (requireAllowedDomain && client.isEmailDomainAllowed) {
        let allowed: boolean;
        try {
          allowed = await client.isEmailDomainAllowed(trimmed);
        } catch (error) {
          toast({ ...MESSAGES.validationError, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
          return;
        }
        if (!allowed) {
          toast({ ...MESSAGES.accessDenied, variant: 'destructive' });
          return;
        }
      }
      if (detectStaff && !requireAllowedDomain && client.isEmailDomainAllowed) {
        // Only changes the wording: a failed check just means the ordinary variant.
        setStaff(await client.isEmailDomainAllowed(trimmed).catch(() => false));
      }
      await client.sendCode({ email: trimmed, createUser, sessionDuration });
      toast(MESSAGES.codeSent);
      setStep('code');
    } catch (error) {
      const own = sendErrorToast?.(error);
      if (own) toast({ ...own, variant: 'destructive' });
      else if (isExplained(error)) toast({ ...MESSAGES.authenticationFailed, description: error.message, variant: 'destructive' });
      else toast({ ...MESSAGES.failedToSendCode, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      toast({ ...MESSAGES.codeRequired, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const session = await client.verifyCode({ email: email.trim(), code });
      toast(MESSAGES.signedIn);
      reset();
      onSignedIn(session);
    } catch (error) {
      if (isExplained(error)) toast({ ...MESSAGES.invalidCode, description: error.message, variant: 'destructive' });
      else toast({ ...MESSAGES.verificationFailed, variant: 'destructive' });
      setBusy(false);
    }
  }

  const firstTitle = requireAllowedDomain ? EMAIL_SIGN_IN_TITLES.staff : (title ?? EMAIL_SIGN_IN_TITLES.email);
  const codeTitle = staff ? EMAIL_SIGN_IN_TITLES.staff : EMAIL_SIGN_IN_TITLES.code;
  const instructions = (
    <p className="cc-auth-form__notice">
      Sign in with your work email. After you verify the code, draw the secret 7 again and the event creation form will
      open.
    </p>
  );
  return (
    <Dialog open={open} onClose={close} title={step === 'email' ? firstTitle : codeTitle} size="sm">
      {step === 'email' ? (
        <form id={formId} className="cc-auth-form" onSubmit={sendCode} noValidate>
          {requireAllowedDomain ? (
            instructions
          ) : notice ? (
            <p className="cc-auth-form__notice">{notice}</p>
          ) : (
            <p>We'll email you a 6-digit code. No password needed.</p>
          )}
          <EmailField
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Send code
          </Button>
        </form>
      ) : (
        <form className="cc-auth-form" onSubmit={verify} noValidate>
          {staff && instructions}
          <p>
            We sent a code to <strong>{email.trim()}</strong>. It works for 10 minutes.
          </p>
          <OtpInput label="6-digit code" value={code} onChange={setCode} required data-autofocus />
          <Button type="submit" loading={busy} disabled={code.length !== CODE_LENGTH} fullWidth>
            Verify
          </Button>
          <Button type="button" variant="ghost" onClick={() => { setStep('email'); setCode(''); }} fullWidth>
            Back
          </Button>
        </form>
      )}
    </Dialog>
  );
}
