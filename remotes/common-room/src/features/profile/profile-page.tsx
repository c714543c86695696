import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate } from '@croft/router';
import type { EnrollFactorResponse, Passkey } from '@croft/contracts';
import { Button, PageFrame, Spinner, useToast } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { OtpInput } from '@croft/ui/forms';
import { useSession } from '@croft/session/react';
import { usePasskeys } from './api/get-passkeys';
import { useDeletePasskey } from './api/delete-passkey';
import { useFactors } from './api/get-factors';
import { useEnrolTotp } from './api/enrol-totp';
import { useVerifyTotp } from './api/verify-totp';
import { useDeleteFactor } from './api/delete-factor';
import { useSignOutOthers } from './api/sign-out-others';
import './profile-page.css';

const TOTP_NAME = 'Authenticator app';
const TOTP_ISSUER = 'Croft Common';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** '14 March 2026', or the raw text if it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

function LoadError({ message, onRetry, what }: { message: string; onRetry: () => void; what: string }) {
  return (
    <div className="cr-profile__error">
      <p role="alert">
        Could not load your {what}: {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry} aria-label={`Try again to load your ${what}`}>
        Try again
      </Button>
    </div>
  );
}

function PasskeysSection({ userId }: { userId: string }) {
  const { toast } = useToast();
  const passkeys = usePasskeys(userId);
  const deletePasskey = useDeletePasskey(userId);
  const [removing, setRemoving] = useState<{ passkey: Passkey; index: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // After a removal (and after the dialog hands focus back, finding its opener gone): the next
  // passkey's Remove button, else the previous one, else the section heading.
  useEffect(() => {
    if (focusIndex === null || removing !== null) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? [];
    const target = buttons[Math.min(focusIndex, buttons.length - 1)];
    (target ?? headingRef.current)?.focus();
    setFocusIndex(null);
  }, [focusIndex, removing]);

  const remove = async () => {
    if (!removing || !passkeys.data) return;
    await deletePasskey.mutateAsync(removing.passkey.id);
    setFocusIndex(removing.index);
    toast({ title: 'Passkey removed', description: `${removing.passkey.name} can no longer unlock members' features.` });
  };

  return (
    <section className="cr-profile__part" aria-labelledby="cr-passkeys-heading">
      <h3 id="cr-passkeys-heading" ref={headingRef} tabIndex={-1}>
        Passkeys
      </h3>
      {passkeys.isPending && <Spinner label="Loading passkeys" />}
      {passkeys.isError && <LoadError message={messageOf(passkeys.error)} onRetry={() => void passkeys.refetch()} what="passkeys" />}
      {passkeys.data && passkeys.data.length === 0 && (
        <p className="cr-profile__empty">
          You have no passkeys yet. One is added when you unlock members' features with Face ID or your fingerprint, so
          next time this device lets you straight in.
        </p>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="cr-profile__list" ref={listRef}>
          {passkeys.data.map((passkey, index) => (
            <li key={passkey.id} className="cr-profile__item">
              <div>
                <p className="cr-profile__name">{passkey.name}</p>
                <dl className="cr-profile__facts">
                  <div>
                    <dt>Created</dt>
                    <dd>{formatDate(passkey.created_at)}</dd>
                  </div>
                  <div>
                    <dt>Last used</dt>
                    <dd>{passkey.last_used_at ? formatDate(passkey.last_used_at) : 'Never'}</dd>
                  </div>
                </dl>
              </div>
              <Button
                variant="secondary"
                size="sm"
                data-remove=""
                aria-label={`Remove ${passkey.name}`}
                onClick={() => setRemoving({ passkey, index })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
        destructive
        title="Remove this passkey?"
        message={
          removing
            ? `${removing.passkey.name} will no longer unlock members' features. You can add a passkey again the next time you unlock with Face ID or your fingerprint.`
            : undefined
        }
        confirmLabel="Remove passkey"
      />
    </section>
  );
}

function TotpSection({ userId }: { userId: string }) {
  const { toast } = useToast();
  const factors = useFactors(userId);
  const enrol = useEnrolTotp();
  const verifyTotp = useVerifyTotp(userId);
  const deleteFactor = useDeleteFactor(userId);
  const discardDraft = useDeleteFactor(userId);
  const [enrolment, setEnrolment] = useState<EnrollFactorResponse | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [focusSetup, setFocusSetup] = useState(false);
  const setupRef = useRef<HTMLButtonElement>(null);
  const verifiedRef = useRef<HTMLParagraphElement>(null);
  const [focusVerified, setFocusVerified] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const enrolmentId = enrolment?.id;

  // A new enrolment: straight to the code field.
  useEffect(() => {
    if (enrolmentId) codeRef.current?.focus();
  }, [enrolmentId]);

  useEffect(() => {
    if (focusSetup && !confirmRemove) {
      setupRef.current?.focus();
      setFocusSetup(false);
    }
  }, [focusSetup, confirmRemove]);
  useEffect(() => {
    if (focusVerified) {
      verifiedRef.current?.focus();
      setFocusVerified(false);
    }
  }, [focusVerified]);

  const start = async () => {
    setStartError(null);
    try {
      setEnrolment(await enrol.mutateAsync({ friendlyName: TOTP_NAME, issuer: TOTP_ISSUER }));
      setCode('');
      setCodeError(null);
    } catch (error) {
      setStartError(messageOf(error));
    }
  };

  const cancel = () => {
    const pending = enrolment;
    setEnrolment(null);
    setFocusSetup(true);
    // The unverified factor is only a draft; the server replaces it on the next attempt anyway.
    if (pending) discardDraft.mutate(pending.id);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment || verifyTotp.isPending) return;
    if (code.length !== 6) {
      setCodeError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setCodeError(null);
    try {
      // The stronger session becomes the page's session and brings the factor list with it.
      await verifyTotp.mutateAsync({ factorId: enrolment.id, code });
      setEnrolment(null);
      setFocusVerified(true);
      toast({ title: 'Two-step verification is on', description: 'We will ask for a code from your authenticator app when it matters.' });
    } catch (error) {
      setCodeError(messageOf(error));
    }
  };

  const verified = factors.data?.find((f) => f.factor_type === 'totp' && f.status === 'verified');

  const remove = async () => {
    if (!verified) return;
    await deleteFactor.mutateAsync(verified.id);
    setFocusSetup(true);
    toast({ title: 'Two-step verification removed' });
  };

  return (
    <section className="cr-profile__part" aria-labelledby="cr-totp-heading">
      <h3 id="cr-totp-heading">Two-step verification</h3>
      {factors.isPending && <Spinner label="Loading two-step verification" />}
      {factors.isError && <LoadError message={messageOf(factors.error)} onRetry={() => void factors.refetch()} what="two-step verification" />}
      {factors.data && verified && (
        <div className="cr-profile__item">
          <div>
            <p className="cr-profile__name" ref={verifiedRef} tabIndex={-1}>
              On: {verified.friendly_name}
            </p>
            <p className="cr-profile__muted">Added {formatDate(verified.created_at)}</p>
          </div>
          <Button variant="secondary" size="sm" aria-label={`Remove ${verified.friendly_name}`} onClick={() => setConfirmRemove(true)}>
            Remove
          </Button>
        </div>
      )}
      {factors.data && !verified && !enrolment && (
        <div className="cr-profile__stack">
          <p>Add a code from an authenticator app (such as Google Authenticator or 1Password) to protect your account.</p>
          <div>
            <Button ref={setupRef} onClick={() => void start()} loading={enrol.isPending} loadingLabel="Setting up">
              Set up an authenticator app
            </Button>
          </div>
          {startError && <p role="alert" className="cr-profile__alert">{startError}</p>}
        </div>
      )}
      {factors.data && !verified && enrolment && (
        <div className="cr-profile__stack">
          <p>
            Add Croft Common to your authenticator app: open the link on this device, or type the secret key into the app.
          </p>
          <p>
            <a href={enrolment.totp.uri} className="cr-profile__link">
              Open in your authenticator app
            </a>
          </p>
          <div className="cr-profile__secret">
            <span className="cr-profile__secret-label">Secret key</span>
            <code className="cr-profile__code">{enrolment.totp.secret}</code>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Copy secret key"
              onClick={() => {
                void navigator.clipboard?.writeText(enrolment.totp.secret).then(
                  () => toast({ title: 'Secret key copied' }),
                  () => toast({ title: 'Could not copy: select the key and copy it instead', variant: 'destructive' }),
                );
              }}
            >
              Copy
            </Button>
          </div>
          <form className="cr-profile__stack" onSubmit={(e) => void verify(e)} noValidate>
            <OtpInput
              label="6-digit code from your app"
              value={code}
              onChange={(next) => {
                setCode(next);
                setCodeError(null);
              }}
              error={codeError ?? undefined}
              ref={codeRef}
            />
            <div className="cr-profile__actions">
              <Button type="submit" loading={verifyTotp.isPending} loadingLabel="Verifying">
                Verify and turn on
              </Button>
              <Button type="button" variant="ghost" onClick={cancel} disabled={verifyTotp.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        </div>
      )}
      <ConfirmDialog
        open={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        onConfirm={remove}
        destructive
        title="Turn off two-step verification?"
        message="Your account will be protected by email codes and passkeys only."
        confirmLabel="Remove"
      />
    </section>
  );
}

function OtherDevicesSection() {
  const { toast } = useToast();
  const signOutOthers = useSignOutOthers();
  const signOut = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: () => toast({ title: 'Signed out of other devices', description: 'You are still signed in here.' }),
    });
  return (
    <section className="cr-profile__part" aria-labelledby="cr-devices-heading">
      <h3 id="cr-devices-heading">Other devices</h3>
      <p>Signed in on a phone or computer you no longer use? Sign it out. You stay signed in here.</p>
      <div>
        <Button variant="secondary" onClick={signOut} loading={signOutOthers.isPending} loadingLabel="Signing out">
          Sign out of other devices
        </Button>
      </div>
      {signOutOthers.isError && <p role="alert" className="cr-profile__alert">{messageOf(signOutOthers.error)}</p>}
    </section>
  );
}

/** /common-room/member/profile (and /profile): who you are, and how you sign in. */
export function ProfilePage() {
  const session = useSession();
  if (!session) return <Navigate to="/common-room" replace />;
  return (
    <PageFrame section="common-room" title="Profile" intro="Your details, passkeys and sign-in security.">
      <div className="cr-profile">
        <p className="cr-profile__who">
          Signed in as <strong>{session.user.email}</strong>
        </p>
        <section className="cr-profile__security" aria-labelledby="cr-security-heading">
          <h2 id="cr-security-heading">Sign-in and security</h2>
          <PasskeysSection userId={session.user.id} />
          <TotpSection userId={session.user.id} />
          <OtherDevicesSection />
        </section>
      </div>
    </PageFrame>
  );
}

export default ProfilePage;
