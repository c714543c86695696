import { useCallback, useEffect, useRef, useState } from 'react';
import {
  LOYALTY_MESSAGES,
  LUCKY7_BANNER_MS,
  type AddLoyaltyEntryResponse,
  type LoyaltyCard,
  type LoyaltyCardView,
  type LoyaltyEntry,
} from '@croft/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@croft/query';
import { useToast } from '@croft/ui';
import { deleteFailureTitle, errorCode, loyaltyClient, serviceMessage } from './loyalty-client';

/** Query keys: the user id keeps one member's cached card from another's on a shared phone. */
export const loyaltyKeys = {
  card: (userId: string) => ['loyalty', userId, 'card'] as const,
};

export function loyaltyCardQuery(userId: string) {
  return queryOptions({
    queryKey: loyaltyKeys.card(userId),
    queryFn: ({ signal }) => loyaltyClient.getCard({ signal }),
    // Signed photo URLs last an hour; a card reopened later is read again.
    staleTime: 60_000,
    retry: false,
  });
}

/** The cached view after a photo landed: the entry in its box and the card's new counts. */
export function withEntryAdded(view: LoyaltyCardView, answer: AddLoyaltyEntryResponse): LoyaltyCardView {
  if (!view.card || view.card.id !== answer.card.id) return view;
  const entries = [...view.entries.filter((e) => e.index !== answer.entry.index), answer.entry].sort((a, b) => a.index - b.index);
  return { ...view, card: answer.card, entries };
}

/** The cached view after a delete: the entry gone and the card's counts as the service answered. */
export function withEntryRemoved(view: LoyaltyCardView, entryId: string, card: LoyaltyCard): LoyaltyCardView {
  if (!view.card || view.card.id !== card.id) return view;
  return { ...view, card, entries: view.entries.filter((e) => e.id !== entryId) };
}

function setCardView(queryClient: QueryClient, userId: string, update: (view: LoyaltyCardView) => LoyaltyCardView) {
  queryClient.setQueryData<LoyaltyCardView>(loyaltyKeys.card(userId), (view) => (view ? update(view) : view));
}

/** Making the member's first card (when they have none). */
export type StartState = { state: 'idle' | 'starting' | 'not-subscriber' } | { state: 'failed'; message: string | null };
/** Moving on to the next card after the last photo completed one. */
export type NextCardState = { state: 'idle' } | { state: 'creating' } | { state: 'failed'; message: string | null };

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

/** The 5-second celebration when a lucky7 card opens (the first time this tab sees the card). */
export function useLucky7Banner(card: Pick<LoyaltyCard, 'id' | 'card_type'> | null): boolean {
  const [showing, setShowing] = useState(false);
  const cardId = card?.card_type === 'lucky7' ? card.id : null;
  useEffect(() => {
    if (!cardId || celebrated(cardId)) return;
    markCelebrated(cardId);
    setShowing(true);
    const timer = setTimeout(() => setShowing(false), LUCKY7_BANNER_MS);
    return () => {
      clearTimeout(timer);
      setShowing(false);
    };
  }, [cardId]);
  return showing;
}

export interface LoyaltyCardState {
  /** GET /card as the query has it (kept up to date from each answer). */
  view: UseQueryResult<LoyaltyCardView>;
  /** The open card, null while loading or before the first one is started. */
  card: LoyaltyCard | null;
  start: StartState;
  next: NextCardState;
  lucky7Banner: boolean;
  /** Reads the card again after 'Failed to load loyalty entries'. */
  retryLoad(): void;
  /** Tries to start the first card again. */
  retryStart(): void;
  /** Tries to make the next card again after 'Next card not created'. */
  retryNext(): void;
  /** A photo landed: the box and counts from the answer, and the next card when it completed this one. */
  onLanded(answer: AddLoyaltyEntryResponse): void;
  /** Deletes a photo (after the member confirmed); failures are toasts, and the card is read again. */
  deleteEntry(entry: LoyaltyEntry): Promise<void>;
}

/**
 * The signed-in member's card and everything that changes it, except the uploads in flight
 * (use-box-uploads): reading it, starting one when there is none, the next card after completion,
 * deleting a photo, and the error toasts of spec 001 §8 that go with them.
 */
export function useLoyaltyCard(userId: string): LoyaltyCardState {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const view = useQuery(loyaltyCardQuery(userId));
  const card = view.data?.card ?? null;
  const [start, setStart] = useState<StartState>({ state: 'idle' });
  const [next, setNext] = useState<NextCardState>({ state: 'idle' });
  const loadToastShown = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // 'Failed to load loyalty entries' once per failure (Retry reads again).
  useEffect(() => {
    if (view.isError && !loadToastShown.current) {
      loadToastShown.current = true;
      toast({ title: LOYALTY_MESSAGES.loadFailed, description: serviceMessage(view.error) ?? undefined, variant: 'destructive' });
    }
    if (!view.isError) loadToastShown.current = false;
  }, [view.isError, view.error, toast]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: loyaltyKeys.card(userId) }), [queryClient, userId]);

  // A member with no card yet gets one, once (the service answers an open card as it is).
  const noCard = view.isSuccess && view.data.card === null;
  useEffect(() => {
    if (!noCard || start.state !== 'idle' || next.state !== 'idle') return;
    setStart({ state: 'starting' });
    loyaltyClient.startCard().then(
      ({ card: started }) => {
        setCardView(queryClient, userId, (v) => ({ ...v, card: started, entries: v.card?.id === started.id ? v.entries : [] }));
        if (live.current) setStart({ state: 'idle' });
      },
      (error: unknown) => {
        if (!live.current) return;
        setStart(errorCode(error) === 'not_subscriber' ? { state: 'not-subscriber' } : { state: 'failed', message: serviceMessage(error) });
      },
    );
  }, [noCard, start.state, next.state, queryClient, userId]);

  /** The next card: made by the service with the answer, or asked for here; then the view read again. */
  const moveToNextCard = useCallback(
    async (needsStart: boolean) => {
      setNext({ state: 'creating' });
      if (needsStart) {
        try {
          await loyaltyClient.startCard();
        } catch (error) {
          if (!live.current) return;
          const message = serviceMessage(error);
          setNext({ state: 'failed', message });
          toast({ title: LOYALTY_MESSAGES.nextCardFailed, description: message ?? undefined, variant: 'destructive' });
          return;
        }
      }
      // The past cards now hold the one just completed.
      await refresh();
      if (live.current) setNext({ state: 'idle' });
    },
    [refresh, toast],
  );

  const onLanded = useCallback(
    (answer: AddLoyaltyEntryResponse) => {
      setCardView(queryClient, userId, (v) => withEntryAdded(v, answer));
      if (answer.completed) void moveToNextCard(answer.next_card === null);
    },
    [moveToNextCard, queryClient, userId],
  );

  const deleteEntry = useCallback(
    async (entry: LoyaltyEntry) => {
      try {
        const { card: after } = await loyaltyClient.deleteEntry(entry.id);
        setCardView(queryClient, userId, (v) => withEntryRemoved(v, entry.id, after));
      } catch (error) {
        toast({ title: deleteFailureTitle(error), description: serviceMessage(error) ?? undefined, variant: 'destructive' });
        // Whatever happened, show the card as the service has it now.
        void refresh();
      }
    },
    [queryClient, refresh, toast, userId],
  );

  const lucky7Banner = useLucky7Banner(card);

  return {
    view,
    card,
    start,
    next,
    lucky7Banner,
    retryLoad: () => void view.refetch(),
    retryStart: () => setStart({ state: 'idle' }),
    retryNext: () => void moveToNextCard(true),
    onLanded,
    deleteEntry,
  };
}
