import { useState, type FormEvent } from 'react';
import { Button, Dialog } from '@croft/ui';
import { OtpInput } from '@croft/ui/forms';
import { MEMBERSHIP_GATE_TITLES } from '../messages';
import { LINK_CODE_MAX_LENGTH } from './membership-gate-controller';
import { EmailField } from '../email-field';
import '../email-sign-in/email-sign-in-dialog.css';
import './membership-gate.css';

export interface LinkMembershipDialogProps {
  open: boolean;
  onClose: () => void;
  step: 'email' | 'code';
  /** The email the code went to (shown on the code step, and the email field's starting value). */
  email?: string;
  busy?: boolean;
  /** A validation or service message for the current step's field. */
  error?: string | null;
  /** Shown above the email step (e.g. the device-trust relink notice). */
  notice?: string | null;
  onSubmitEmail: (email: string) => void;
  onSubmitCode: (code: string) => void;
  onBack: () => void;
}

/** Link your membership (spec 001 §2 modal 3): email step, then code step, with back. */
export function LinkMembershipDialog({ open, onClose, step, ...rest }: LinkMembershipDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={step === 'email' ? MEMBERSHIP_GATE_TITLES.linkEmail : MEMBERSHIP_GATE_TITLES.linkCode}
      size="sm"
    >
      {step === 'email' ? <EmailStep {...rest} /> : <CodeStep {...rest} />}
    </Dialog>
  );
}

type StepProps = Omit<LinkMembershipDialogProps, 'open' | 'onClose' | 'step'>;

function EmailStep({ email = '', busy = false, error = null, notice = null, onSubmitEmail }: StepProps) {
  const [value, setValue] = useState(email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitEmail(value);
  };
  return (
    <form className="cc-auth-form" onSubmit={submit} noValidate>
      {notice && (
        <p className="cc-auth-form__notice" role="status">
          {notice}
        </p>
      )}
      <p>Enter the email you subscribed with. We'll send a code to link your membership to this device.</p>
      <EmailField
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" loading={busy} fullWidth>
        Send code
      </Button>
    </form>
  );
}

function CodeStep({ email = '', busy = false, error = null, onSubmitCode, onBack }: StepProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitCode(code);
  };
  return (
    <form className="cc-auth-form" onSubmit={submit} noValidate>
      <p>
        We sent a code to <strong>{email}</strong>.
      </p>
      <OtpInput
        label="Code"
        value={code}
        onChange={setCode}
        maxLength={LINK_CODE_MAX_LENGTH}
        required
        error={error ?? undefined}
        data-autofocus
      />
      <Button type="submit" loading={busy} fullWidth>
        Link membership
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={busy} fullWidth>
        Back
      </Button>
    </form>
  );
}
