import { Dialog } from '@croft/ui';
import { wordOfTheDay } from './word-of-the-day';
import './secret-beer-dialog.css';

/** What a member sees on /beer once the gate lets them through (spec 001 §2, modal 4). */
export function SecretBeerDialog({ open, onClose, now = new Date() }: { open: boolean; onClose: () => void; now?: Date }) {
  return (
    <Dialog open={open} onClose={onClose} title="Membership. Not Members" size="sm">
      <p>Today's word at the bar:</p>
      <p className="site-beer-word">{wordOfTheDay(now)}</p>
      <p>Say it at the bar.</p>
      <p className="site-beer-rating">Not-So-Common IPA: 2.5/5</p>
    </Dialog>
  );
}
