import { Button, Dialog } from '@croft/ui';
import { MEMBERSHIP_GATE_BUTTONS, MEMBERSHIP_GATE_TITLES } from '../messages';
import type { PasskeySupport } from './membership-gate-controller';
import '../email-sign-in/email-sign-in-dialog.css';
import './membership-gate.css';

export interface PasskeyUnlockDialogProps {
  open: boolean;
  onClose: () => void;
  support: PasskeySupport;
  busy?: boolean;
  /** An unsupported text, a progress note, or an error message. */
  message?: string | null;
  tone?: 'info' | 'error';
  /** Offer 'Email instead' (when passkeys cannot be used here, or just failed). */
  canUseEmail?: boolean;
  onUnlock: () => void;
  onEmailInstead: () => void;
}

/** Passkey unlock (spec 001 §2 modal 2): 'Use Face ID / Passkey', with 'Email instead' as the fallback. */
export function PasskeyUnlockDialog({
  open,
  onClose,
  support,
  busy = false,
  message = null,
  tone = 'info',
  canUseEmail = support !== 'supported',
  onUnlock,
  onEmailInstead,
}: PasskeyUnlockDialogProps) {
  const supported = support === 'supported';
  return (
    <Dialog open={open} onClose={onClose} title={MEMBERSHIP_GATE_TITLES.passkey} size="sm">
      <div className="cc-auth-form">
        <p>Members unlock this with Face ID or the passkey saved on this device.</p>
        {message && (
          <p className={tone === 'error' ? 'cc-gate-message cc-gate-message--error' : 'cc-gate-message'} role={tone === 'error' ? 'alert' : 'status'}>
            {message}
          </p>
        )}
        <Button type="button" onClick={onUnlock} loading={busy} loadingLabel="Waiting for Face ID / Passkey" disabled={!supported} fullWidth data-autofocus>
          {MEMBERSHIP_GATE_BUTTONS.usePasskey}
        </Button>
        {canUseEmail && (
          <Button type="button" variant="secondary" onClick={onEmailInstead} disabled={busy} fullWidth>
            {MEMBERSHIP_GATE_BUTTONS.emailInstead}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
