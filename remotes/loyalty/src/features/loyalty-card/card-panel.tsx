import { useCallback, useEffect, useRef, useState } from 'react';
import {
  LOYALTY_BOXES,
  LOYALTY_MESSAGES,
  LUCKY7_BANNER_MS,
  loyaltyCounter,
  type AddLoyaltyEntryResponse,
  type LoyaltyCard,
  type LoyaltyEntry,
} from '@croft/contracts';
import { useQuery, useQueryClient } from '@croft/query';
import { Button, Spinner, useToast } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import {
  deleteFailureTitle,
  errorCode,
  loyaltyCardQuery,
  loyaltyClient,
  loyaltyKeys,
  serviceMessage,
  setCardView,
  withEntryAdded,
} from './api/loyalty-api';
import { PastCards } from './past-cards';
import { PhotoBox } from './photo-box';
import { kindFor, useBoxUploads, type BoxUpload } from './use-box-uploads';

type NextCard = { state: 'idle' } | { state: 'creating' } | { state: 'failed'; message: string | null };
type Start = { state: 'idle' | 'starting' | 'not-subscriber' } | { state: 'failed'; message: string | null };

/** Why each failed upload failed, in words too long for its box (announced as they come). */
function FailedUploads({ uploads }: { uploads: ReadonlyMap<number, BoxUpload> }) {
  const failed = [...uploads].filter((entry): entry is [number, Extract<BoxUpload, { phase: 'failed' }>] => entry[1].phase === 'failed');
  // The live region stays in the page (empty when nothing failed), so each failure is announced.
  return (
    <div className="lc-problems" role="alert">
      {failed.length > 0 && (
        <ul>
          {failed
            .sort(([a], [b]) => a - b)
            .map(([box, upload]) => (
              <li key={box}>
                Box {box}: {upload.title}
                {upload.message ? `. ${upload.message}` : '. Try again.'}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

const CELEBRATED_KEY = 'croft-loyalty-lucky7-celebrated';

/** Has the banner for this lucky7 card been shown in this tab already? */
function celebrated(cardId: string): boolean {
  try {
    return sessionStorage.getItem(CELEBRATED_KEY) === cardId;
  } catch {
    return false;
  }
}
function markCelebrated(cardId: string) {
  try {
    sessionStorage.setItem(CELEBRATED_KEY, cardId);
  } catch {
    // Private modes without storage: the banner may show again next time.
  }
}

/** The 5-second celebration when a lucky7 card opens (once per card in this tab). */
function useLucky7Banner(card: LoyaltyCard | null): boolean {
  const [showing, setShowing] = useState(false);
  const cardId = card?.card_type === 'lucky7' ? card.id : null;
  useEffect(() => {
    if (!cardId || celebrated(cardId)) return;
    markCelebrated(cardId);
    setShowing(true);
    const timer = setTimeout(() => setShowing(false), LUCKY7_BANNER_MS);
    return () => clearTimeout(timer);
  }, [cardId]);
  return showing;
}

/**
 * The signed-in member's card: the counter, the grid of photo boxes, the notices (box 7 unlocked,
 * the Lucky 7 banner, the next card being made), and the past cards. Everything comes from the
 * loyalty service; the browser only decides what to show.
 */
export function CardPanel({ userId }: { userId: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const view = useQuery(loyaltyCardQuery(userId));
  const card = view.data?.card ?? null;
  const [start, setStart] = useState<Start>({ state: 'idle' });
  const [next, setNext] = useState<NextCard>({ state: 'idle' });
  const [deleting, setDeleting] = useState<LoyaltyEntry | null>(null);
  const loadToastShown = useRef(false);

  // 'Failed to load loyalty entries' once per failure (the Retry below reads again).
  useEffect(() => {
    if (view.isError && !loadToastShown.current) {
      loadToastShown.current = true;
      toast({ title: LOYALTY_MESSAGES.loadFailed, description: serviceMessage(view.error) ?? undefined, variant: 'destructive' });
    }
    if (!view.isError) loadToastShown.current = false;
  }, [view.isError, view.error, toast]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: loyaltyKeys.card(userId) }), [queryClient, userId]);

  /** Starts a card (the first one, or the next one when completion could not make it). */
  const startCard = useCallback(async (): Promise<boolean> => {
    try {
      const { card: started } = await loyaltyClient.startCard();
      setCardView(queryClient, userId, (v) => ({ ...v, card: started, entries: v.card?.id === started.id ? v.entries : [] }));
      return true;
    } catch (error) {
      if (errorCode(error) === 'not_subscriber') setStart({ state: 'not-subscriber' });
      else setStart({ state: 'failed', message: serviceMessage(error) });
      return false;
    }
  }, [queryClient, userId]);

  // A member with no card yet gets one (the service answers an open card as it is).
  const noCard = view.isSuccess && view.data.card === null;
  useEffect(() => {
    if (!noCard || start.state !== 'idle' || next.state !== 'idle') return;
    setStart({ state: 'starting' });
    void startCard().then((ok) => ok && setStart({ state: 'idle' }));
  }, [noCard, start.state, next.state, startCard]);

  /** After the reward completed the card: the next one (made by the service, or asked for again). */
  const moveToNextCard = useCallback(
    async (answer: AddLoyaltyEntryResponse) => {
      setNext({ state: 'creating' });
      if (!answer.next_card) {
        try {
          await loyaltyClient.startCard();
        } catch (error) {
          setNext({ state: 'failed', message: serviceMessage(error) });
          toast({ title: LOYALTY_MESSAGES.nextCardFailed, description: serviceMessage(error) ?? undefined, variant: 'destructive' });
          return;
        }
      }
      await refresh();
      setNext({ state: 'idle' });
    },
    [refresh, toast],
  );

  const onLanded = useCallback(
    (answer: AddLoyaltyEntryResponse) => {
      if (answer.completed) void moveToNextCard(answer);
      else setCardView(queryClient, userId, (v) => withEntryAdded(v, answer));
    },
    [moveToNextCard, queryClient, userId],
  );
  const uploads = useBoxUploads(card, onLanded);
  const lucky7Banner = useLucky7Banner(card);

  const confirmDelete = async () => {
    const entry = deleting;
    if (!entry) return;
    try {
      const { card: after } = await loyaltyClient.deleteEntry(entry.id);
      setCardView(queryClient, userId, (v) => ({ ...v, card: after, entries: v.entries.filter((e) => e.id !== entry.id) }));
    } catch (error) {
      toast({ title: deleteFailureTitle(error), description: serviceMessage(error) ?? undefined, variant: 'destructive' });
      // Whatever happened, show the card as the service has it now.
      void refresh();
    }
  };

  if (start.state === 'not-subscriber') {
    return (
      <div className="lc-refusal" role="alert">
        <p>{LOYALTY_MESSAGES.notSubscriber}</p>
        <p className="lc-muted">Subscribe to the newsletter at the bottom of any page, then open your card again.</p>
      </div>
    );
  }
  if (view.isError) {
    return (
      <div className="lc-refusal" role="alert">
        <p>{LOYALTY_MESSAGES.loadFailed}</p>
        <Button onClick={() => void view.refetch()} loading={view.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (start.state === 'failed') {
    return (
      <div className="lc-refusal" role="alert">
        <p>{start.message ?? 'Your card could not be started.'}</p>
        <Button onClick={() => setStart({ state: 'idle' })}>Retry</Button>
      </div>
    );
  }
  if (!view.data || !card) return <Spinner label="Loading your card" />;

  const { entries, past } = view.data;
  const byBox = new Map(entries.map((e) => [e.index, e]));
  const lucky = card.card_type === 'lucky7';
  const unlocked = card.punches_count >= card.punches_required;
  const luckyNotice = !lucky && unlocked && card.rewards_count === 0;
  const creating = next.state === 'creating';

  return (
    <div className={`lc-card${lucky ? ' lc-card--lucky7' : ''}`}>
      {lucky7Banner && (
        <p className="lc-banner" role="status">
          <strong>Lucky 7 squared!</strong> This card is seven free coffees: every photo is a reward.
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
      {creating && (
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
          <Button
            onClick={() => {
              setNext({ state: 'creating' });
              void startCard().then(async (ok) => {
                if (ok) await refresh();
                setNext(ok ? { state: 'idle' } : { state: 'failed', message: null });
              });
            }}
          >
            Retry
          </Button>
        </div>
      )}
      <ol className="lc-grid" aria-label={lucky ? 'Lucky 7 card' : 'Loyalty card'}>
        {Array.from({ length: LOYALTY_BOXES }, (_, i) => i + 1).map((box) => (
          <PhotoBox
            key={`${card.id}-${box}`}
            box={box}
            kind={kindFor(card, box)}
            entry={byBox.get(box)}
            upload={uploads.uploads.get(box)}
            locked={!lucky && box > card.punches_required && !unlocked}
            busy={creating || next.state === 'failed'}
            onChoose={uploads.choose}
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
            onDelete={setDeleting}
          />
        ))}
      </ol>
      <FailedUploads uploads={uploads.uploads} />
      <PastCards cards={past} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title="Delete this photo?"
        message={deleting ? `The photo in box ${deleting.index} comes off your card, and the box is free again.` : undefined}
        confirmLabel="Delete photo"
        destructive
      />
    </div>
  );
}
