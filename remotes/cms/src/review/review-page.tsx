import { useEffect, useMemo, useRef, useState } from 'react';
import { EDITABLE_PAGES, type EditablePage, type EditorTextEntry, type PublishResponse, type TextKey } from '@croft/contracts';
import { Link, useLocation } from '@croft/router';
import { setEditMode } from '@croft/session';
import { Button, PageFrame, Spinner, useToast, VisuallyHidden } from '@croft/ui';
import { ConfirmDialog } from '@croft/ui/confirm-dialog';
import { Checkbox } from '@croft/ui/forms';
import { useDiscardDraft } from '../editing/api/discard-draft';
import { usePendingDrafts } from '../editing/api/get-pending-drafts';
import { usePublishDrafts } from '../editing/api/publish-drafts';
import { useCancelSchedule } from '../editing/api/schedule-publish';
import { formatScheduleTime, formatWhen } from './london-time';
import { CHANGED_SINCE_REVIEW, errorCode, problemText } from './problems';
import { ScheduleDialog } from './schedule-dialog';
import { TextDiff } from './text-diff';
import { actorName, historyPath, liveData, PAGE_LABELS, reviewPath, sitePath, textId, textLabel } from './text-labels';
import '../staff/guard/staff-guard.css';
import './review-page.css';

export const REVIEW_TITLE = 'Review and publish';

type Draft = EditorTextEntry & { draft: NonNullable<EditorTextEntry['draft']> };
const hasDraft = (entry: EditorTextEntry): entry is Draft => entry.draft !== null;
/** A selection names the revision reviewed: a draft that moves on drops out of it. */
const reviewedId = (entry: Draft) => `${textId(entry)}@${entry.draft.revision}`;

/** The page filter from '?page=cafe' (anything else: every page). */
function usePageFilter(): EditablePage | null {
  const { search } = useLocation();
  const page = new URLSearchParams(search).get('page');
  return page && (EDITABLE_PAGES as readonly string[]).includes(page) ? (page as EditablePage) : null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'Published 2 drafts. 1 was not published: it changed since you reviewed it.' */
export function publishSummary(result: PublishResponse): string {
  const done = result.published.length ? `Published ${plural(result.published.length, 'draft')}.` : 'Nothing was published.';
  if (result.conflicts.length === 0) return done;
  const n = result.conflicts.length;
  return `${done} ${n === 1 ? '1 was' : `${n} were`} not published: ${n === 1 ? 'it' : 'they'} ${CHANGED_SINCE_REVIEW}.`;
}

/**
 * /cms/review: every pending draft of the site (or of one page), each with what changes against
 * what is live, words and position. Publish a selection or all in one request naming the revisions
 * reviewed; drafts that moved on meanwhile are reported by name and the list is read again.
 * Discard (confirmed), schedule, and cancel a schedule, per draft.
 */
export function ReviewPage() {
  const { toast } = useToast();
  const filter = usePageFilter();
  const pending = usePendingDrafts();
  const publish = usePublishDrafts();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [conflicts, setConflicts] = useState<TextKey[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [discarding, setDiscarding] = useState<Draft | null>(null);
  const [scheduling, setScheduling] = useState<Draft | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // The conflicts' notice takes focus once it is on screen (a keyboard user lands on what needs them).
  useEffect(() => {
    if (conflicts.length > 0) resultRef.current?.focus();
  }, [conflicts]);

  const drafts = useMemo(() => (pending.data ?? []).filter(hasDraft).filter((e) => !filter || e.page === filter), [pending.data, filter]);
  const chosen = drafts.filter((d) => selected.has(reviewedId(d)));
  const allChosen = drafts.length > 0 && chosen.length === drafts.length;

  const toggle = (entry: Draft, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(reviewedId(entry));
      else next.delete(reviewedId(entry));
      return next;
    });

  async function publishNow(list: Draft[]) {
    if (list.length === 0 || publish.isPending) return;
    setConflicts([]);
    setAnnouncement(`Publishing ${plural(list.length, 'draft')}…`);
    try {
      const result = await publish.mutateAsync(
        list.map((d) => ({ page: d.page, section: d.section, content_key: d.content_key, revision: d.draft.revision })),
      );
      const summary = publishSummary(result);
      setConflicts(result.conflicts);
      setSelected(new Set());
      setAnnouncement(summary);
      if (result.published.length > 0) {
        toast({ title: 'Published', description: `${plural(result.published.length, 'change is', 'changes are')} live on the site.` });
      }
      if (result.conflicts.length > 0) {
        toast({ title: 'Some drafts were not published', description: `They ${CHANGED_SINCE_REVIEW}. Review them again.`, variant: 'destructive' });
      }
    } catch (failure) {
      const message = problemText(failure);
      setAnnouncement(`Publishing failed. ${message}`);
      toast({ title: 'Publish failed', description: `Error: ${message}`, variant: 'destructive' });
    }
  }

  const scope = filter ? PAGE_LABELS[filter] : null;

  return (
    <PageFrame
      title={REVIEW_TITLE}
      section="home"
      eyebrow="Content management"
      intro={scope ? `Drafts waiting on ${scope}.` : 'Every draft waiting to go live, with what it changes.'}
      actions={
        <Link to="/cms" className="cms-staff-link">
          Back to content management
        </Link>
      }
    >
      <div className="cms-review">
        <p className="cms-review__live" role="status" aria-live="polite">
          {announcement}
        </p>
        {conflicts.length > 0 && (
          <div className="cms-staff-notice cms-review__conflicts" role="alert" aria-labelledby="cms-review-conflicts" tabIndex={-1} ref={resultRef}>
            <h2 id="cms-review-conflicts">Not published</h2>
            <ul>
              {conflicts.map((key) => (
                <li key={textId(key)}>
                  <strong>{textLabel(key)}</strong> {CHANGED_SINCE_REVIEW}. The list below shows its newest draft: review it and
                  publish again.
                </li>
              ))}
            </ul>
          </div>
        )}
        {filter && (
          <p className="cms-review__filter">
            Showing {PAGE_LABELS[filter]} only.{' '}
            <Link to={reviewPath()} className="cms-staff-link">
              Show every page
            </Link>
          </p>
        )}
        {pending.isPending ? (
          <Spinner label="Loading drafts" />
        ) : pending.isError ? (
          <div className="cms-staff-notice" role="alert">
            <p>The drafts could not be loaded. {problemText(pending.error)}</p>
            <Button variant="secondary" onClick={() => void pending.refetch()} loading={pending.isFetching} loadingLabel="Loading">
              Try again
            </Button>
          </div>
        ) : drafts.length === 0 ? (
          <div className="cms-review__empty">
            <h2>Nothing to publish</h2>
            <p>
              {scope ? `No drafts are waiting on ${scope}.` : 'No drafts are waiting.'} Turn on Edit mode on any page of the site
              to change its text.
            </p>
          </div>
        ) : (
          <>
            <div className="cms-review__bar" role="group" aria-label="Publish">
              <Checkbox
                label={`Select all ${plural(drafts.length, 'draft')}`}
                checked={allChosen}
                ref={(input) => {
                  if (input) input.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={(e) => setSelected(e.target.checked ? new Set(drafts.map(reviewedId)) : new Set())}
              />
              <Button onClick={() => void publishNow(chosen)} disabled={chosen.length === 0 || publish.isPending} loading={publish.isPending} loadingLabel="Publishing">
                {`Publish selected (${chosen.length})`}
              </Button>
              <Button variant="secondary" onClick={() => void publishNow(drafts)} disabled={publish.isPending}>
                {scope ? `Publish all on ${scope}` : 'Publish all'}
              </Button>
            </div>
            <ul className="cms-review__list" aria-label="Drafts waiting">
              {drafts.map((entry) => (
                <DraftItem
                  key={textId(entry)}
                  entry={entry}
                  checked={selected.has(reviewedId(entry))}
                  busy={publish.isPending}
                  onCheck={(on) => toggle(entry, on)}
                  onDiscard={() => setDiscarding(entry)}
                  onSchedule={() => setScheduling(entry)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      {discarding && (
        <DiscardDialog entry={discarding} onClose={() => setDiscarding(null)} onDiscarded={(label) => setAnnouncement(`Discarded the draft of ${label}.`)} />
      )}
      {scheduling && <ScheduleDialog entry={scheduling} onClose={() => setScheduling(null)} />}
    </PageFrame>
  );
}

function DraftItem({
  entry,
  checked,
  busy,
  onCheck,
  onDiscard,
  onSchedule,
}: {
  entry: Draft;
  checked: boolean;
  busy: boolean;
  onCheck: (on: boolean) => void;
  onDiscard: () => void;
  onSchedule: () => void;
}) {
  const { toast } = useToast();
  const label = textLabel(entry);
  const headingId = `cms-draft-${textId(entry).replace(/[^a-z0-9_-]/gi, '-')}`;
  const cancel = useCancelSchedule();
  const { draft, scheduled } = entry;
  const cancelSchedule = async (id: string) => {
    try {
      await cancel.mutateAsync(id);
      toast({ title: 'Schedule cancelled', description: `${label} stays a draft.` });
    } catch (failure) {
      toast({
        title: 'Could not cancel',
        description: errorCode(failure) === 'schedule_not_found' ? 'It already ran or was cancelled; the list has been refreshed.' : `Error: ${problemText(failure)}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="cms-review__item" aria-labelledby={headingId}>
      <div className="cms-review__head">
        <Checkbox label={<VisuallyHidden>{`Select ${label}`}</VisuallyHidden>} checked={checked} disabled={busy} onChange={(e) => onCheck(e.target.checked)} />
        <h2 id={headingId} className="cms-review__title">
          {label}
        </h2>
      </div>
      <p className="cms-review__meta">
        Draft revision {draft.revision}, saved by {actorName(draft.created_by)}, <time dateTime={draft.updated_at}>{formatWhen(draft.updated_at)}</time>.{' '}
        {entry.live ? `Live: revision ${entry.live.revision}.` : 'Live: the site’s bundled text.'}
      </p>
      <TextDiff before={liveData(entry)} after={draft.content_data} />
      {scheduled && (
        <p className="cms-review__scheduled">
          {scheduled.revision === draft.revision ? 'Scheduled' : `Revision ${scheduled.revision} scheduled`} to go live{' '}
          <time dateTime={scheduled.publish_at}>{formatScheduleTime(scheduled.publish_at)}</time>.{' '}
          <Button variant="ghost" size="sm" onClick={() => void cancelSchedule(scheduled.id)} loading={cancel.isPending} loadingLabel="Cancelling" aria-label={`Cancel schedule: ${label}`}>
            Cancel schedule
          </Button>
        </p>
      )}
      <div className="cms-review__actions">
        <Button variant="secondary" size="sm" onClick={onSchedule} aria-label={`${scheduled ? 'Reschedule' : 'Schedule'}: ${label}`}>
          {scheduled ? 'Reschedule' : 'Schedule'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDiscard} aria-label={`Discard: ${label}`}>
          Discard
        </Button>
        <Link to={historyPath(entry)} className="cms-staff-link" aria-label={`History: ${label}`}>
          History
        </Link>
        <Link to={sitePath(entry.page)} className="cms-staff-link" onClick={() => setEditMode(true)} aria-label={`Edit on the page: ${label}`}>
          Edit on the page
        </Link>
      </div>
    </li>
  );
}

function DiscardDialog({ entry, onClose, onDiscarded }: { entry: Draft; onClose: () => void; onDiscarded: (label: string) => void }) {
  const { toast } = useToast();
  const discard = useDiscardDraft();
  const label = textLabel(entry);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      destructive
      title="Discard this draft?"
      message={`The draft of ${label} (revision ${entry.draft.revision}) will be deleted. ${entry.live ? 'What is live stays as it is.' : 'The site keeps its bundled text.'}`}
      confirmLabel="Discard draft"
      onConfirm={async () => {
        try {
          await discard.mutateAsync({ page: entry.page, section: entry.section, content_key: entry.content_key, revision: entry.draft.revision });
        } catch (failure) {
          const code = errorCode(failure);
          throw new Error(
            code === 'edit_conflict' || code === 'draft_not_found'
              ? `This draft ${CHANGED_SINCE_REVIEW}, so nothing was discarded. Cancel and review it again.`
              : problemText(failure),
          );
        }
        toast({ title: 'Draft discarded', description: `${label} shows what is live again.` });
        onDiscarded(label);
      }}
    />
  );
}
