import { Dialog } from '@croft/ui';
import './membership-dialog.css';

export interface MembershipDialogProps {
  open: boolean;
  onClose: () => void;
}

/** What Common membership is, what it unlocks and how to join (the common-room overlay's 'Common membership'). */
export function MembershipDialog({ open, onClose }: MembershipDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Common membership"
      description="Free, with the newsletter. No card, no fee, no catch."
      size="md"
      className="site-membership cc-section-common-room"
    >
      <p>
        Everyone on the Croft Common newsletter is a member. Sign up once and the hidden corners of the venue open
        up to you, on your phone, at the bar and in the Common Room.
      </p>
      <h3 className="site-membership__heading">What it unlocks</h3>
      <ul className="site-membership__list">
        <li>
          <strong>The Common Cook Book</strong>: every recipe from our wood oven, written out in full.
        </li>
        <li>
          <strong>The beer word</strong>: a new word each day; say it at the bar.
        </li>
        <li>
          <strong>The dice</strong>: roll for a secret cocktail on the Cocktails page (two drinks max).
        </li>
        <li>
          <strong>The loyalty card</strong>: a photo of every coffee, and the seventh is on us.
        </li>
        <li>
          <strong>Secret cinema</strong>: fifty tickets each month for a film we will not name in advance.
        </li>
        <li>
          <strong>The Common Room</strong>: the members' calendar, your ledger and your moments.
        </li>
      </ul>
      <h3 className="site-membership__heading">How to join</h3>
      <p>
        Fill in the newsletter form at the foot of any page: your name, your email and a tick to say yes. That is
        it. To unlock members' things later, use Face ID or a passkey on your phone, your membership link, or a
        6-digit code we email you.
      </p>
    </Dialog>
  );
}
