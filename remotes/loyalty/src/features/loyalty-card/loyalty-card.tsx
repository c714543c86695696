import { Dialog } from '@croft/ui';

export interface LoyaltyCardProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The photo loyalty card dialog the site opens after the secret gesture on /cafe.
 * Loaded at run time through federation; the card grid arrives with the loyalty issue.
 */
export default function LoyaltyCard({ open, onClose }: LoyaltyCardProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Sign in to your loyalty card">
      <p>Six coffees, six photos, and the seventh is on us. Sign in with the email you subscribed with.</p>
    </Dialog>
  );
}
export { LoyaltyCard };
