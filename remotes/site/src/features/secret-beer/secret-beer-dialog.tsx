import type { SecretWordClient } from '@croft/api-client';
import { Dialog, Spinner } from '@croft/ui';
import { useSecretWords } from './api/get-secret-words';
import { wordOfTheDay } from './word-of-the-day';
import './secret-beer-dialog.css';

export interface SecretBeerDialogProps {
  open: boolean;
  onClose: () => void;
  /** The moment the word is picked for (the word changes at midnight UTC). */
  now?: Date;
  client?: SecretWordClient;
}

/** What a member sees on /beer once the gate lets them through (spec 001 §2, modal 4). */
export function SecretBeerDialog({ open, onClose, now, client }: SecretBeerDialogProps) {
  const words = useSecretWords(open, client);
  return (
    <Dialog open={open} onClose={onClose} title="Membership. Not Members" size="sm">
      <p>Today's word at the bar:</p>
      {words.status === 'ready' ? (
        <p className="site-beer-word">{wordOfTheDay(now ?? new Date(), words.words)}</p>
      ) : (
        <div className="site-beer-word site-beer-word--loading">
          <Spinner label="Finding today's word" />
        </div>
      )}
      <p>Say it at the bar.</p>
      <p className="site-beer-rating">Not-So-Common IPA: 2.5/5</p>
    </Dialog>
  );
}
