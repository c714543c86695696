import { useState } from 'react';
import { getSessionClient } from '@croft/session';
import { useSession } from '@croft/session/react';
import { Button, PageFrame } from '@croft/ui';
import CinemaBooking from './cinema-booking';

/**
 * Standalone page for QA: opens the exposed dialog against MSW mocks. Sign in with any address and
 * the code in the banner; pick a world (one left, sold out, booked, email failure…) from the
 * scenario panel.
 */
export function CinemaBookingDemo() {
  const [open, setOpen] = useState(false);
  const session = useSession();
  return (
    <PageFrame title="CinemaBooking (standalone)" section="hall" intro="The dialog this remote exposes, as the site opens it after the secret 7 on /hall.">
      <p>{session ? `Signed in as ${session.user.email}.` : 'Signed out: booking asks you to sign in first.'}</p>
      <Button onClick={() => setOpen(true)}>Open Secret Cinema</Button>{' '}
      {session && (
        <Button variant="ghost" onClick={() => void getSessionClient().signOut().catch(() => undefined)}>
          Sign out
        </Button>
      )}
      <CinemaBooking open={open} onClose={() => setOpen(false)} />
    </PageFrame>
  );
}
