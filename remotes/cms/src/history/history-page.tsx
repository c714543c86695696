import { useState } from 'react';
import * as z from 'zod/mini';
import { textKeySchema, type EditorTextEntry, type TextKey, type TextVersion } from '@croft/contracts';
import { Link, useParams } from '@croft/router';
import { Button, PageFrame, Spinner, useToast } from '@croft/ui';
import { useEditorText } from '../editing/api/get-editor-text';
import { useTextHistory } from '../editing/api/get-text-history';
import { useRestoreVersion } from '../editing/api/restore-version';
import { formatWhen } from '../review/london-time';
import { errorCode, problemText } from '../review/problems';
import { TextDiff } from '../review/text-diff';
import { actorName, liveData, reviewPath, textLabel } from '../review/text-labels';
import '../staff/guard/staff-guard.css';
import './history-page.css';

export const RESTORED_TOAST_TITLE = 'Restored as a draft';
export const RESTORE_CONFLICT_MESSAGE =
  'Someone changed this text since you opened its history, so nothing was restored. It has been reloaded: check it and restore again.';

/** /cms/history/:page/:section/:key: one text's published versions (a text that names no text says so). */
export function HistoryPage() {
  const params = useParams();
  const parsed = z.safeParse(textKeySchema, { page: params.page, section: params.section, content_key: params.key });
  if (!parsed.success) {
    return (
      <PageFrame title="History" section="home" eyebrow="Content management">
        <div className="cms-staff-panel">
          <p role="alert">There is no such text to show the history of.</p>
          <Link to="/cms" className="cms-staff-link">
            Back to content management
          </Link>
        </div>
      </PageFrame>
    );
  }
  const key = parsed.data;
  return (
    <PageFrame
      title={`History: ${textLabel(key)}`}
      section="home"
      eyebrow="Content management"
      intro="Every published version, newest first. Compare any with what is live, or bring one back as a draft."
      actions={
        <>
          <Link to={reviewPath()} className="cms-staff-link">
            Review and publish
          </Link>
          <Link to="/cms" className="cms-staff-link">
            Back to content management
          </Link>
        </>
      }
    >
      <TextHistory textKey={key} />
    </PageFrame>
  );
}

/** One text's history: what is live and pending now, then every published version with compare and restore. */
export function TextHistory({ textKey }: { textKey: TextKey }) {
  const entry = useEditorText(textKey);
  const history = useTextHistory(textKey);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const reload = async () => {
    await Promise.all([entry.refetch(), history.refetch()]);
  };

  if (entry.isPending || history.isPending) return <Spinner label="Loading the history" />;
  const failed = entry.error ?? history.error;
  if (failed || !entry.data || !history.data) {
    return (
      <div className="cms-staff-notice cms-history__problem" role="alert">
        <p>The history could not be loaded. {problemText(failed)}</p>
        <Button variant="secondary" size="sm" onClick={() => void reload()} loading={entry.isFetching || history.isFetching} loadingLabel="Loading">
          Try again
        </Button>
      </div>
    );
  }
  const current = entry.data;
  return (
    <div className="cms-history">
      <p className="cms-history__live-region" role="status" aria-live="polite">
        {announcement}
      </p>
      {notice && (
        <p className="cms-staff-notice" role="alert">
          {notice}
        </p>
      )}
      <section aria-labelledby="cms-history-now" className="cms-history__now">
        <h2 id="cms-history-now">Now</h2>
        <p>
          {current.live ? `Live: revision ${current.live.revision}.` : 'Live: the site’s bundled text (never published from here).'}{' '}
          {current.draft ? (
            <>
              A draft (revision {current.draft.revision}, by {actorName(current.draft.created_by)}) is waiting.{' '}
              <Link to={reviewPath(current.page)} className="cms-staff-link">
                Review it
              </Link>
            </>
          ) : (
            'No draft is waiting.'
          )}
        </p>
      </section>
      <section aria-labelledby="cms-history-versions" className="cms-history__versions">
        <h2 id="cms-history-versions">Published versions</h2>
        {history.data.length === 0 ? (
          <p>Nothing has been published for this text yet.</p>
        ) : (
          <ol className="cms-history__list">
            {history.data.map((version) => (
              <VersionItem
                key={version.id}
                version={version}
                entry={current}
                onConflict={async () => {
                  setNotice(RESTORE_CONFLICT_MESSAGE);
                  setAnnouncement('');
                  await reload();
                }}
                onRestored={(message) => {
                  setNotice(null);
                  setAnnouncement(message);
                }}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function VersionItem({
  version,
  entry,
  onConflict,
  onRestored,
}: {
  version: TextVersion;
  entry: EditorTextEntry;
  onConflict: () => Promise<void>;
  onRestored: (message: string) => void;
}) {
  const { toast } = useToast();
  const restore = useRestoreVersion();
  const [comparing, setComparing] = useState(false);
  const isLive = entry.live?.id === version.id;
  const diffId = `cms-history-diff-${version.id}`;
  const publishedBy = actorName(version.published_by ?? version.created_by);

  const restoreIt = async () => {
    try {
      const saved = await restore.mutateAsync({
        page: entry.page,
        section: entry.section,
        content_key: entry.content_key,
        revision: version.revision,
        base_revision: entry.head_revision,
      });
      const message = `Revision ${version.revision} is now draft revision ${saved.revision}. Review and publish it to make it live.`;
      toast({ title: RESTORED_TOAST_TITLE, description: message });
      onRestored(`${RESTORED_TOAST_TITLE}. ${message}`);
    } catch (failure) {
      if (errorCode(failure) === 'edit_conflict') {
        toast({ title: 'Not restored', description: 'Someone changed this text meanwhile.', variant: 'destructive' });
        await onConflict();
        return;
      }
      toast({ title: 'Restore failed', description: `Error: ${problemText(failure)}`, variant: 'destructive' });
    }
  };

  return (
    <li className="cms-history__item">
      <h3 className="cms-history__title">
        Revision {version.revision}
        {isLive && (
          <>
            {' '}
            <span className="cms-history__badge">Live</span>
          </>
        )}
      </h3>
      <p className="cms-history__meta">
        Published {version.published_at ? <time dateTime={version.published_at}>{formatWhen(version.published_at)}</time> : 'with the site'} by {publishedBy}
        {version.created_by && version.created_by.id !== version.published_by?.id ? ` (written by ${actorName(version.created_by)})` : ''}.
      </p>
      <blockquote className="cms-history__text">{version.content_data.text}</blockquote>
      {!isLive && (
        <div className="cms-history__actions">
          <Button variant="secondary" size="sm" aria-expanded={comparing} aria-controls={diffId} onClick={() => setComparing(!comparing)}>
            {comparing ? 'Hide comparison' : 'Compare with live'}
          </Button>
          <Button size="sm" onClick={() => void restoreIt()} loading={restore.isPending} loadingLabel="Restoring">
            {`Restore revision ${version.revision}`}
          </Button>
        </div>
      )}
      {!isLive && comparing && (
        <div id={diffId} className="cms-history__diff">
          <p className="cms-history__diff-title">From live to revision {version.revision}:</p>
          <TextDiff before={liveData(entry)} after={version.content_data} beforeLabel="live" afterLabel={`revision ${version.revision}`} />
        </div>
      )}
    </li>
  );
}
