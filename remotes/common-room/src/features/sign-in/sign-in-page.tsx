import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from '@croft/router';
import { createIdentityClient } from '@croft/api-client';
import { EmailSignInDialog } from '@croft/auth-gate';
import { SecretSevenTrail, useSecretSeven } from '@croft/gesture';
import { getSessionClient, type Session } from '@croft/session';
import { PageFrame } from '@croft/ui';
import { PageActions } from '@croft/menus';
import './sign-in-page.css';

export const MEMBER_LANDING = '/common-room/main';

/**
 * /common-room: draw the secret 7 anywhere on the page (or press 7) to sign in with an emailed
 * code; success goes to the members' landing page.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const client = useMemo(() => createIdentityClient(), []);
  const [open, setOpen] = useState(false);
  const surface = useRef<HTMLDivElement>(null);

  const onSeven = useCallback(() => {
    if (getSessionClient().getSession()) navigate(MEMBER_LANDING);
    else setOpen(true);
  }, [navigate]);
  const { gesture, state } = useSecretSeven({ onSeven, targetRef: surface, enabled: !open });

  return (
    <div ref={surface} className="cr-sign-in">
      <PageFrame
        section="common-room"
        title="The Common Room"
        eyebrow="Members only"
        intro="Draw a 7 anywhere on this page to sign in. On a keyboard, press 7."
      >
        <div className="cr-sign-in__body">
          <p>
            The Common Room is for Croft Common newsletter subscribers: the cook book, the secret beer word, the loyalty
            card and first pick of secret cinema tickets. Not a member yet? Subscribe at the bottom of any page.
          </p>
          <p className="cr-sign-in__status" role="status" aria-live="polite">
            {state === 'drawing' ? 'Keep going…' : state === 'failed' ? 'Not quite a 7. Try again.' : ''}
          </p>
        </div>
      </PageFrame>
      <SecretSevenTrail gesture={gesture} />
      <PageActions page="common-room" />
      <EmailSignInDialog
        open={open}
        onClose={() => setOpen(false)}
        client={client}
        detectStaff
        onSignedIn={(session) => {
          getSessionClient().setSession(session as Session);
          setOpen(false);
          navigate(MEMBER_LANDING);
        }}
      />
    </div>
  );
}
