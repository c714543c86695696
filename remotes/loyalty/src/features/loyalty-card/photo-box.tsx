import { useId, type ChangeEvent, type SVGProps } from 'react';
import type { LoyaltyEntry } from '@croft/contracts';
import { Button, CloseIcon, IconButton, PlusIcon, Spinner } from '@croft/ui';
import type { BoxUpload } from './use-box-uploads';

export interface PhotoBoxProps {
  box: number;
  /** 'reward' boxes are marked (box 7 of a regular card; every box of a lucky7 card). */
  kind: 'punch' | 'reward';
  entry: LoyaltyEntry | undefined;
  upload: BoxUpload | undefined;
  /** Box 7 of a regular card before six punches. */
  locked: boolean;
  /** The next card is being made: choosing waits. */
  busy: boolean;
  /** The box for the next photo: the dialog focuses its picker as it opens. */
  autoFocus?: boolean;
  onChoose: (box: number, file: File) => void;
  onRetry: (box: number) => void;
  onDismiss: (box: number) => void;
  onDelete: (entry: LoyaltyEntry) => void;
}

/** The grid's box width: a third of a phone's dialog, a quarter of the 35rem dialog on wider screens. */
const BOX_SIZES = '(min-width: 34rem) 8rem, 30vw';

/** A padlock in the design system's line style (decorative). */
function LockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="square" aria-hidden="true" focusable="false" {...props}>
      <path d="M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(new Date(iso));

/**
 * One box of the card: a photo (with its delete button, shown on hover, on keyboard focus and
 * always on touch screens), the camera picker when empty, the lock on box 7 until six punches,
 * or the upload under way with its progress and, after a failure, Retry.
 */
export function PhotoBox({ box, kind, entry, upload, locked, busy, autoFocus = false, onChoose, onRetry, onDismiss, onDelete }: PhotoBoxProps) {
  const hintId = useId();

  if (entry) {
    return (
      <li className={`lc-box lc-box--filled lc-box--${kind}`} data-box={box} tabIndex={-1}>
        <img
          className="lc-box__photo"
          src={entry.thumbUrl}
          srcSet={`${entry.thumbUrl} 320w`}
          sizes={BOX_SIZES}
          alt={`Your ${kind} photo in box ${box}, ${when(entry.created_at)}`}
          width={320}
          height={320}
          loading="lazy"
          decoding="async"
        />
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        <IconButton className="lc-box__delete" label={`Delete photo in box ${box}`} size="sm" variant="solid" onClick={() => onDelete(entry)}>
          <CloseIcon aria-hidden="true" />
        </IconButton>
      </li>
    );
  }

  if (upload && upload.phase !== 'failed') {
    return (
      <li className={`lc-box lc-box--busy lc-box--${kind}`} data-box={box} tabIndex={-1} aria-busy="true">
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        {upload.phase === 'uploading' ? (
          <>
            <progress className="lc-box__progress" max={1} value={upload.progress} aria-label={`Uploading photo to box ${box}`} />
            <span className="lc-box__note">{Math.round(upload.progress * 100)}%</span>
          </>
        ) : (
          <>
            <Spinner size="sm" label={upload.phase === 'preparing' ? `Preparing photo for box ${box}` : `Processing photo in box ${box}`} />
            <span className="lc-box__note" aria-hidden="true">
              {upload.phase === 'preparing' ? 'Preparing…' : 'Processing…'}
            </span>
          </>
        )}
      </li>
    );
  }

  if (upload?.phase === 'failed') {
    return (
      <li className={`lc-box lc-box--failed lc-box--${kind}`} data-box={box} tabIndex={-1}>
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        <p className="lc-box__note">
          <strong>{upload.title}</strong>
        </p>
        <div className="lc-box__actions">
          <Button size="sm" onClick={() => onRetry(box)} aria-label={`Retry upload to box ${box}`}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDismiss(box)} aria-label={`Cancel upload to box ${box}`}>
            Cancel
          </Button>
        </div>
      </li>
    );
  }

  const disabled = locked || busy;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset, so choosing the same photo again (after a delete) still fires.
    event.target.value = '';
    if (file) onChoose(box, file);
  };
  return (
    <li className={`lc-box lc-box--empty lc-box--${kind}${locked ? ' lc-box--locked' : ''}`} data-box={box} tabIndex={-1}>
      <label className="lc-box__picker">
        <input
          className="lc-box__input"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={disabled}
          aria-label={`Add photo to box ${box}`}
          aria-describedby={hintId}
          data-autofocus={autoFocus ? '' : undefined}
          onChange={pick}
        />
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        {locked ? <LockIcon className="lc-box__plus" /> : <PlusIcon className="lc-box__plus" aria-hidden="true" />}
        <span id={hintId} className="lc-box__note">
          {locked ? 'Locked until six punches' : kind === 'reward' ? 'Free coffee' : 'Take a photo'}
        </span>
      </label>
    </li>
  );
}
