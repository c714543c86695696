import { Dialog } from '@croft/ui';

export interface CinemaBookingProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The secret cinema booking dialog the site opens after the secret gesture on /hall.
 * Loaded at run time through federation; status and booking arrive with the cinema issue.
 */
export default function CinemaBooking({ open, onClose }: CinemaBookingProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Secret Cinema Club">
      <p>One film a month, 50 seats, released on the last Thursday. Doors 19:00, screening 19:30.</p>
    </Dialog>
  );
}
export { CinemaBooking };
