import { useId, type ChangeEvent } from 'react';
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
  /** Another upload or the next card is under way: choosing waits. */
  busy: boolean;
  onChoose: (box: number, file: File) => void;
  onRetry: (box: number) => void;
  onDismiss: (box: number) => void;
  onDelete: (entry: LoyaltyEntry) => void;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' }).format(new Date(iso));

/**
 * One box of the card: a photo (with its delete button, shown on hover, on keyboard focus and
 * always on touch screens), the camera picker when empty, the lock on box 7 until six punches,
 * or the upload under way with its progress and, after a failure, Retry.
 */
export function PhotoBox({ box, kind, entry, upload, locked, busy, onChoose, onRetry, onDismiss, onDelete }: PhotoBoxProps) {
  const hintId = useId();

  if (entry) {
    return (
      <li className={`lc-box lc-box--filled lc-box--${kind}`}>
        <img
          className="lc-box__photo"
          src={entry.thumbUrl}
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
      <li className={`lc-box lc-box--busy lc-box--${kind}`} aria-busy="true">
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        {upload.phase === 'uploading' ? (
          <>
            <progress className="lc-box__progress" max={1} value={upload.progress} aria-label={`Uploading photo to box ${box}`} />
            <span className="lc-box__note">{Math.round(upload.progress * 100)}%</span>
          </>
        ) : (
          <Spinner size="sm" label={upload.phase === 'preparing' ? `Preparing photo for box ${box}` : `Saving photo in box ${box}`} />
        )}
      </li>
    );
  }

  if (upload?.phase === 'failed') {
    return (
      <li className={`lc-box lc-box--failed lc-box--${kind}`}>
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
    <li className={`lc-box lc-box--empty lc-box--${kind}${locked ? ' lc-box--locked' : ''}`}>
      <label className="lc-box__picker">
        <input
          className="lc-box__input"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={disabled}
          aria-label={`Add photo to box ${box}`}
          aria-describedby={hintId}
          onChange={pick}
        />
        <span className="lc-box__number" aria-hidden="true">
          {box}
        </span>
        {!locked && <PlusIcon className="lc-box__plus" aria-hidden="true" />}
        <span id={hintId} className="lc-box__note">
          {locked ? 'Locked until six punches' : kind === 'reward' ? 'Free coffee' : 'Take a photo'}
        </span>
      </label>
    </li>
  );
}
