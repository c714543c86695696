import { useEffect, useRef, useState } from 'react';
import { LOYALTY_MESSAGES, loyaltyCounter, type LoyaltyEntry } from '@croft/contracts';
import { Button, Spinner } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { useLoyaltyCard } from './api/use-loyalty-card';
import { LoyaltyGrid, type LoyaltyGridHandle } from './loyalty-grid';
import { PastCards } from './past-cards';
import { useBoxUploads } from './use-box-uploads';

export interface CardPanelProps {
  userId: string;
  /** Closes the loyalty card (offered beside a refusal that leaves nothing else to do). */
  onClose: () => void;
}

/**
 * The signed-in member's card: the counter, the grid of photo boxes, the notices (box 7 unlocked,
 * the Lucky 7 banner, the next card being made), and the past cards. Everything comes from the
 * loyalty service; the browser only decides what to show.
 */
export function CardPanel({ userId, onClose }: CardPanelProps) {
  const { view, card, start, next, lucky7Banner, retryLoad, retryStart, retryNext, onLanded, deleteEntry } = useLoyaltyCard(userId);
  const uploads = useBoxUploads(card, onLanded);
  const [deleting, setDeleting] = useState<LoyaltyEntry | null>(null);
  const grid = useRef<LoyaltyGridHandle>(null);
  const deletedFrom = useRef<number | null>(null);

  // After the confirmation closed: its opener (the delete button) may be gone with the photo, so
  // focus goes back to that box (its picker now).
  useEffect(() => {
    if (deleting !== null || deletedFrom.current === null) return;
    grid.current?.focusBox(deletedFrom.current);
    deletedFrom.current = null;
  }, [deleting]);

  if (start.state === 'not-subscriber') {
    return (
      <div className="lc-refusal" role="alert">
        <p>{LOYALTY_MESSAGES.notSubscriber}</p>
        <p className="lc-muted">Subscribe to the newsletter at the bottom of any page, then open your card again.</p>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    );
  }
  if (view.isError) {
    return (
      <div className="lc-refusal" role="alert">
        <p>{LOYALTY_MESSAGES.loadFailed}</p>
        <Button onClick={retryLoad} loading={view.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (start.state === 'failed') {
    return (
      <div className="lc-refusal" role="alert">
        <p>{start.message ?? 'Your card could not be started.'}</p>
        <Button onClick={retryStart}>Retry</Button>
      </div>
    );
  }
  if (!view.data || !card) return <Spinner label="Loading your card" />;

  const lucky = card.card_type === 'lucky7';
  const luckyNotice = !lucky && card.punches_count >= card.punches_required && card.rewards_count === 0;

  return (
    <div className={`lc-card${lucky ? ' lc-card--lucky7' : ''}`}>
      {lucky7Banner && (
        <p className="lc-banner" role="status">
          <strong>Lucky 7 squared!</strong> Seven free coffees on us: every photo on this card is a reward.
        </p>
      )}
      <p className="lc-counter" role="status" aria-live="polite">
        {loyaltyCounter(card)}
      </p>
      <p className="lc-muted">
        {lucky ? 'Take a photo of each free coffee: seven boxes, seven coffees on us.' : 'Take a photo of each coffee you buy. Six punches, and the seventh is on us.'}
      </p>
      {luckyNotice && (
        <p className="lc-notice" role="status">
          {LOYALTY_MESSAGES.luckyNotice}
        </p>
      )}
      {next.state === 'creating' && (
        <p className="lc-notice" role="status">
          <Spinner size="sm" label="" /> {LOYALTY_MESSAGES.creatingNext}
        </p>
      )}
      {next.state === 'failed' && (
        <div className="lc-refusal" role="alert">
          <p>
            {LOYALTY_MESSAGES.nextCardFailed}
            {next.message ? `: ${next.message}` : ''}
          </p>
          <Button onClick={retryNext}>Retry</Button>
        </div>
      )}
      <LoyaltyGrid
        ref={grid}
        card={card}
        entries={view.data.entries}
        uploads={uploads}
        busy={next.state !== 'idle'}
        onDelete={(entry) => {
          deletedFrom.current = entry.index;
          setDeleting(entry);
        }}
      />
      <PastCards cards={view.data.past} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? deleteEntry(deleting) : undefined)}
        title="Delete this photo?"
        message={deleting ? `The photo in box ${deleting.index} comes off your card, and the box is free again.` : undefined}
        confirmLabel="Delete photo"
        destructive
      />
    </div>
  );
}
