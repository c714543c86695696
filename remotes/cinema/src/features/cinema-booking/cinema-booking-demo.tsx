import { useState } from 'react';
import { Button, PageFrame } from '@croft/ui';
import CinemaBooking from './cinema-booking';

/** Standalone page for QA: opens the exposed dialog against MSW mocks. */
export function CinemaBookingDemo() {
  const [open, setOpen] = useState(false);
  return (
    <PageFrame title="CinemaBooking (standalone)" section="home" intro="The dialog this remote exposes, as the site opens it.">
      <Button onClick={() => setOpen(true)}>Open cinema booking</Button>
      <CinemaBooking open={open} onClose={() => setOpen(false)} />
    </PageFrame>
  );
}
