import type { CmsTextData } from '@croft/contracts';
import { VisuallyHidden } from '@croft/ui';
import { positioningChanges } from './positioning-words';
import { diffWords, hasChanges } from './word-diff';
import './text-diff.css';

export interface TextDiffProps {
  /** What is there now (null: no text at all yet). */
  before: CmsTextData | null;
  /** What it would become. */
  after: CmsTextData;
  /** Names the two sides for screen readers ('live', 'the draft'). */
  beforeLabel?: string;
  afterLabel?: string;
}

/**
 * The words that change between two versions of a text (removed struck through, added
 * underlined, each also named for screen readers) and the positioning that changes, in the
 * popup's words ('Top Margin: Default → Large').
 */
export function TextDiff({ before, after, beforeLabel = 'live', afterLabel = 'the draft' }: TextDiffProps) {
  const parts = diffWords(before?.text ?? '', after.text);
  const placement = positioningChanges(before, after);
  const wordsChanged = hasChanges(parts);
  return (
    <div className="cms-diff">
      {wordsChanged ? (
        <p className="cms-diff__text">
          {parts.map((part, i) =>
            part.type === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : part.type === 'removed' ? (
              <del key={i} className="cms-diff__removed">
                <VisuallyHidden>{`[only in ${beforeLabel}: `}</VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </del>
            ) : (
              <ins key={i} className="cms-diff__added">
                <VisuallyHidden>{`[only in ${afterLabel}: `}</VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </ins>
            ),
          )}
        </p>
      ) : (
        <>
          <p className="cms-diff__text">{after.text}</p>
          <p className="cms-diff__note">The words are unchanged.</p>
        </>
      )}
      {placement.length > 0 && (
        <ul className="cms-diff__placement" aria-label="Position changes">
          {placement.map((change) => (
            <li key={change.label}>
              <span className="cms-diff__field">{change.label}:</span> <del className="cms-diff__removed">{change.from}</del>{' '}
              <span aria-hidden="true">→</span> <VisuallyHidden>becomes</VisuallyHidden> <ins className="cms-diff__added">{change.to}</ins>
            </li>
          ))}
        </ul>
      )}
      {!wordsChanged && placement.length === 0 && <p className="cms-diff__note">No changes to its position either.</p>}
    </div>
  );
}
