import type { FormEvent, ReactNode } from 'react';
import { CODE_LENGTH } from '@croft/contracts';
import { Button } from '@croft/ui';
import { OtpInput } from '@croft/ui/forms';
import '../guard/staff-guard.css';

export interface CodeFormProps {
  /** The code field's label ('6-digit code', 'Code from your authenticator app'). */
  label: string;
  hint?: string;
  /** The form's accessible name, where the page has more than one step. */
  'aria-label'?: string;
  code: string;
  onCodeChange: (code: string) => void;
  /** The message under the field (an incomplete code, or the service's refusal); null for none. */
  problem: string | null;
  onProblemChange: (problem: string | null) => void;
  /** What to say when Verify is pressed before all CODE_LENGTH digits are in. */
  incompleteMessage: string;
  /** The code is being checked: Verify shows 'Checking the code' and a second press does nothing. */
  pending: boolean;
  /** Called with a complete code. */
  onVerify: (code: string) => void;
  /** Above the field (e.g. where the code was sent). */
  children?: ReactNode;
  /** After Verify (e.g. 'Send a new code'). */
  actions?: ReactNode;
}

/**
 * The staff area's one-time code form: the 6-digit field and Verify, used for the emailed code at
 * sign-in and for the authenticator app's code (the guard's step). An incomplete code is refused
 * here with `incompleteMessage`; typing clears the message. What a code is checked against, and
 * what a refusal says, are the caller's.
 */
export function CodeForm({
  label,
  hint,
  'aria-label': ariaLabel,
  code,
  onCodeChange,
  problem,
  onProblemChange,
  incompleteMessage,
  pending,
  onVerify,
  children,
  actions,
}: CodeFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (code.length !== CODE_LENGTH) {
      onProblemChange(incompleteMessage);
      return;
    }
    onProblemChange(null);
    onVerify(code);
  };

  return (
    <form className="cms-staff-form" onSubmit={submit} noValidate aria-label={ariaLabel}>
      {children}
      <OtpInput
        label={label}
        hint={hint}
        value={code}
        onChange={(value) => {
          onCodeChange(value);
          onProblemChange(null);
        }}
        error={problem ?? undefined}
        required
        autoFocus
      />
      <Button type="submit" loading={pending} loadingLabel="Checking the code">
        Verify
      </Button>
      {actions}
    </form>
  );
}
