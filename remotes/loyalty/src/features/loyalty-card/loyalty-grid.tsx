import { useEffect, useImperativeHandle, useLayoutEffect, useRef, type FocusEvent, type Ref } from 'react';
import { LOYALTY_BOXES, type LoyaltyCard, type LoyaltyEntry } from '@croft/contracts';
import { PhotoBox } from './photo-box';
import { kindFor, type BoxUpload, type BoxUploads } from './use-box-uploads';

export interface LoyaltyGridHandle {
  /** Puts focus back in a box when it was lost (its control went away), e.g. after a delete. */
  focusBox(box: number): void;
}

export interface LoyaltyGridProps {
  card: LoyaltyCard;
  entries: readonly LoyaltyEntry[];
  uploads: BoxUploads;
  /** The next card is being made: nothing can be added meanwhile. */
  busy: boolean;
  onDelete: (entry: LoyaltyEntry) => void;
  ref?: Ref<LoyaltyGridHandle>;
}

const CONTROL = 'input:not(:disabled), button:not(:disabled)';

const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body;
};

/**
 * Where focus goes in a box: its picker, Retry or delete button; the box itself while its photo
 * is sent; for a locked box (a new card's box 7), the first box that takes a photo.
 */
function focusInBox(list: HTMLOListElement, box: number) {
  const item = list.querySelector<HTMLElement>(`[data-box="${box}"]`);
  if (!item) return;
  const target =
    item.querySelector<HTMLElement>(CONTROL) ??
    (item.getAttribute('aria-busy') === 'true' ? item : (list.querySelector<HTMLElement>(`.lc-box__input:not(:disabled)`) ?? item));
  if (document.activeElement !== target) target.focus();
}

/** Why each failed upload failed, in words too long for its box (announced as they come). */
function FailedUploads({ uploads }: { uploads: ReadonlyMap<number, BoxUpload> }) {
  const failed = [...uploads]
    .filter((entry): entry is [number, Extract<BoxUpload, { phase: 'failed' }>] => entry[1].phase === 'failed')
    .sort(([a], [b]) => a - b);
  // The live region stays in the page (empty when nothing failed), so each failure is announced.
  return (
    <div className="lc-problems" role="alert">
      {failed.length > 0 && (
        <ul>
          {failed.map(([box, upload]) => (
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

/**
 * The card's seven photo boxes (spec 001 §2, the loyalty card grid): 1–6 punches and 7 the reward
 * on a regular card, locked until six punches; seven rewards on a lucky7 card. Focus: on open, the
 * box that takes the next photo; while a photo goes up and after it lands, the same box (its
 * picker is replaced by the progress, then the photo and its delete button).
 */
export function LoyaltyGrid({ card, entries, uploads, busy, onDelete, ref }: LoyaltyGridProps) {
  const list = useRef<HTMLOListElement>(null);
  /** The box focus was last in, while it stays in the grid (or is lost when a control goes away). */
  const lastBox = useRef<number | null>(null);
  const opened = useRef(false);
  const byBox = new Map(entries.map((e) => [e.index, e]));
  const lucky = card.card_type === 'lucky7';
  const unlocked = card.punches_count >= card.punches_required;
  const boxes = Array.from({ length: LOYALTY_BOXES }, (_, i) => i + 1);
  const lockedBox = (box: number) => !lucky && box > card.punches_required && !unlocked;
  /** The box for the next photo: where focus starts when the dialog opens. */
  const nextBox = busy ? undefined : boxes.find((box) => !byBox.has(box) && !uploads.uploads.has(box) && !lockedBox(box));

  useImperativeHandle(ref, () => ({
    focusBox(box) {
      if (list.current && focusLost()) focusInBox(list.current, box);
    },
  }));

  useLayoutEffect(() => {
    const grid = list.current;
    if (!grid) return;
    const active = document.activeElement;
    if (!opened.current) {
      opened.current = true;
      // Shown with the dialog: it focuses the box marked data-autofocus as it opens. Shown once the
      // card loaded: the dialog focused its close button, so start on the box for the next photo.
      const dialog = grid.closest('dialog');
      if (!dialog?.open) return;
      const panel = grid.closest('.lc-card');
      const onChrome = focusLost() || active === dialog || (!!active && dialog.contains(active) && !panel?.contains(active));
      const first = grid.querySelector<HTMLElement>('.lc-box__input:not(:disabled)');
      if (onChrome && first) first.focus();
      return;
    }
    const box = lastBox.current;
    if (box === null) return;
    const item = grid.querySelector(`[data-box="${box}"]`);
    if (focusLost() || active === item) focusInBox(grid, box);
  });

  // A press outside the grid (on the card's text, say) leaves focus where the member put it, even
  // when that is nowhere: the grid stops bringing it back.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!list.current?.contains(event.target as Node)) lastBox.current = null;
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);

  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    const box = (event.target as HTMLElement).closest('[data-box]')?.getAttribute('data-box');
    lastBox.current = box ? Number(box) : null;
  };
  const onBlur = (event: FocusEvent<HTMLOListElement>) => {
    // Moved on elsewhere (not lost with a control that went away): leave it there.
    const to = event.relatedTarget as Node | null;
    if (to && !event.currentTarget.contains(to)) lastBox.current = null;
  };

  return (
    <>
      <ol ref={list} className="lc-grid" aria-label={lucky ? 'Lucky 7 card' : 'Loyalty card'} onFocus={onFocus} onBlur={onBlur}>
        {boxes.map((box) => (
          <PhotoBox
            key={`${card.id}-${box}`}
            box={box}
            kind={kindFor(card, box)}
            entry={byBox.get(box)}
            upload={uploads.uploads.get(box)}
            locked={lockedBox(box)}
            busy={busy}
            autoFocus={box === nextBox}
            onChoose={uploads.choose}
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
            onDelete={onDelete}
          />
        ))}
      </ol>
      <FailedUploads uploads={uploads.uploads} />
    </>
  );
}
