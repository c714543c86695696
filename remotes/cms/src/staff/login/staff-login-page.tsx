import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@croft/auth-gate';
import { canonicalEmail, CODE_LENGTH, EMAIL_CODE_TTL_SECONDS } from '@croft/contracts';
import { useMutation } from '@croft/query';
import { Navigate, useLocation } from '@croft/router';
import { getSessionClient, type Session } from '@croft/session';
import { Button, PageFrame, Spinner, useToast } from '@croft/ui';
import { TextField } from '@croft/ui/forms';
import { safeDestination } from '../access';
import { errorCode, errorMessage, identityClient } from '../api/staff-client';
import { CodeForm } from '../code-form/code-form';
import { AuthenticatorStep } from '../guard/authenticator-step';
import { useStaffSession } from '../session';
import '../guard/staff-guard.css';

export const STAFF_SIGN_IN_TITLE = 'Staff sign in';

type Step = { kind: 'email' } | { kind: 'code'; email: string };

/** Where they asked to go: ?next=, else the page the guard sent them from (checked by safeDestination). */
function useWantedDestination(): string | null {
  const location = useLocation();
  const next = new URLSearchParams(location.search).get('next');
  const from = (location.state as { from?: unknown } | null)?.from;
  return next ?? (typeof from === 'string' ? from : null);
}

/**
 * /cms/login: the staff sign-in. Email → the emailed 6-digit code (identity's sendOtp/verifyOtp,
 * the members' client) → the authenticator app's code when they have one → the page they came
 * for (or /cms; the staff home for staff). The services' refusals are shown in their own words.
 */
export function StaffLoginPage() {
  const state = useStaffSession();
  const wanted = useWantedDestination();
  const { toast } = useToast();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const send = useMutation({
    mutationFn: (address: string) => identityClient.sendCode({ email: address, createUser: true }),
    onSuccess: (_data, address) => {
      toast(MESSAGES.codeSent);
      setStep({ kind: 'code', email: address });
      setCode('');
    },
    onError: (error) => {
      const title = errorCode(error) === 'network_error' ? MESSAGES.failedToSendCode.title : MESSAGES.authenticationFailed.title;
      setProblem(`${title}: ${errorMessage(error)}`);
    },
  });
  const verify = useMutation({
    mutationFn: (input: { email: string; code: string }) => identityClient.verifyCode(input),
    onSuccess: (session) => {
      toast(MESSAGES.signedIn);
      getSessionClient().setSession(session as Session);
    },
    onError: (error) => {
      const title = errorCode(error) === 'network_error' ? MESSAGES.verificationFailed.title : MESSAGES.invalidCode.title;
      setProblem(`${title}: ${errorMessage(error)}`);
      setCode('');
    },
  });

  if (state.status === 'restoring') {
    return (
      <PageFrame title={STAFF_SIGN_IN_TITLE} section="home">
        <Spinner label="Checking your sign-in" />
      </PageFrame>
    );
  }
  if (state.status === 'signed-in') {
    const { identity, session } = state;
    if (identity.mfa && identity.aal !== 'aal2') return <AuthenticatorStep identity={identity} userId={session.user.id} />;
    return <Navigate to={safeDestination(wanted, identity.roles)} replace />;
  }

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!email.trim()) {
      setProblem(MESSAGES.emailRequired.description);
      emailRef.current?.focus();
      return;
    }
    const address = canonicalEmail(email);
    if (!address) {
      setProblem(MESSAGES.linkInvalidEmail);
      emailRef.current?.focus();
      return;
    }
    setProblem(null);
    send.mutate(address);
  };

  return (
    <PageFrame
      title={STAFF_SIGN_IN_TITLE}
      section="home"
      eyebrow="Staff area"
      intro="For Croft Common editors, staff and admins. We'll email you a 6-digit code; no password needed."
    >
      <div className="cms-staff-panel">
        {step.kind === 'email' ? (
          <form className="cms-staff-form" onSubmit={sendCode} noValidate aria-label="Staff sign in">
            <TextField
              ref={emailRef}
              label="Work email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setProblem(null);
              }}
              error={problem ?? undefined}
            />
            <Button type="submit" loading={send.isPending} loadingLabel="Sending the code">
              Send code
            </Button>
          </form>
        ) : (
          <CodeForm
            aria-label="Enter verification code"
            label={`${CODE_LENGTH}-digit code`}
            code={code}
            onCodeChange={setCode}
            problem={problem}
            onProblemChange={setProblem}
            incompleteMessage={MESSAGES.codeRequired.description}
            pending={verify.isPending}
            onVerify={(value) => verify.mutate({ email: step.email, code: value })}
            actions={
              <>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setStep({ kind: 'email' });
                    setCode('');
                    setProblem(null);
                  }}
                >
                  Use a different email
                </Button>
                <Button variant="ghost" loading={send.isPending} loadingLabel="Sending the code" onClick={() => send.mutate(step.email)}>
                  Send a new code
                </Button>
              </>
            }
          >
            <p>
              We sent a code to <strong>{step.email}</strong>. It works for {Math.round(EMAIL_CODE_TTL_SECONDS / 60)} minutes.
            </p>
          </CodeForm>
        )}
      </div>
    </PageFrame>
  );
}
