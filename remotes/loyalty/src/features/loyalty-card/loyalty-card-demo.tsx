import { useState } from 'react';
import { MOCK_LOYALTY_MEMBER_EMAIL, buildSession } from '@croft/mocks';
import { getSessionClient } from '@croft/session';
import { useSession } from '@croft/session/react';
import { Button, PageFrame } from '@croft/ui';
import LoyaltyCard from './loyalty-card';

/**
 * Standalone page for QA: the exposed dialog behind an open button, as the site opens it, against
 * MSW mocks. Sign in
 * with any address (one starting 'unknown' has no account) and the code in the banner, or skip the
 * code as the mocks' member; pick a world (five punches, Lucky 7, upload failure…) from the
 * scenario panel.
 */
export function LoyaltyCardDemo() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  return (
    <PageFrame title="LoyaltyCard (standalone)" section="home" intro="The dialog this remote exposes, as the site opens it after the secret 7 on /cafe.">
      <p>{session ? `Signed in as ${session.user.email}.` : 'Signed out: the card asks you to sign in first.'}</p>
      <Button onClick={() => setOpen(true)}>Open the loyalty card</Button>{' '}
      {session ? (
        <Button variant="ghost" onClick={() => void getSessionClient().signOut().catch(() => undefined)}>
          Sign out
        </Button>
      ) : (
        <Button variant="ghost" onClick={() => getSessionClient().setSession(buildSession({ email: MOCK_LOYALTY_MEMBER_EMAIL }))}>
          Sign in as {MOCK_LOYALTY_MEMBER_EMAIL} (no code)
        </Button>
      )}
      <LoyaltyCard open={open} onClose={() => setOpen(false)} />
    </PageFrame>
  );
}
