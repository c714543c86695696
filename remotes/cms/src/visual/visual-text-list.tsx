import { useId } from 'react';
import { GLOBAL_CMS_PAGE, type EditablePage, type EditorTextEntry } from '@croft/contracts';
import { Link } from '@croft/router';
import { Button, Spinner } from '@croft/ui';
import { useEditorPageText } from '../editing/api/get-editor-page-text';
import { formatScheduleTime, formatWhen } from '../review/london-time';
import { problemText } from '../review/problems';
import { TextDiff } from '../review/text-diff';
import { actorName, historyPath, liveData, textId, textLabel } from '../review/text-labels';
import { pageTexts } from './page-texts';

const words = (name: string) => name.replace(/[_-]+/g, ' ');
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'hero · title' within its page ('brand name' for a site-wide text). */
const shortLabel = (entry: EditorTextEntry) =>
  entry.page === GLOBAL_CMS_PAGE ? words(entry.content_key) : `${words(entry.section)} · ${words(entry.content_key)}`;

export interface VisualTextListProps {
  page: EditablePage;
  /** The group's heading ('Texts on Cafe', 'On every page'). */
  title: string;
  /** 'Show on page': the panel asks the page in the frame to open this text. */
  onShow: (entry: EditorTextEntry) => void;
}

/**
 * One page's CMS texts in the visual editor's panel (the editor's page-text read, with each bundled
 * text not yet stored): what is live, the pending draft against it (drafts first, newest first),
 * a schedule, Show on page and History. Loads, fails (Try again) and is empty on its own.
 */
export function VisualTextList({ page, title, onShow }: VisualTextListProps) {
  const headingId = useId();
  const query = useEditorPageText(page);
  const texts = query.data ? pageTexts(page, query.data) : [];
  const drafts = texts.filter((entry) => entry.draft).length;
  return (
    <section className="cms-visual__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="cms-visual__group-title">
        {title}
      </h2>
      {query.isPending ? (
        <Spinner label={`Loading: ${title}`} />
      ) : query.isError ? (
        <div className="cms-staff-notice cms-visual__problem" role="alert">
          <p>The texts could not be loaded. {problemText(query.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching} loadingLabel="Loading">
            Try again
          </Button>
        </div>
      ) : texts.length === 0 ? (
        <p className="cms-visual__note">This page has no editable texts.</p>
      ) : (
        <>
          <p className="cms-visual__note">
            {plural(texts.length, 'text')}, {drafts === 0 ? 'no drafts waiting' : `${plural(drafts, 'draft')} waiting`}.
          </p>
          <ul className="cms-visual__texts" aria-label={title}>
            {texts.map((entry) => (
              <TextItem key={textId(entry)} entry={entry} onShow={onShow} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function TextItem({ entry, onShow }: { entry: EditorTextEntry; onShow: (entry: EditorTextEntry) => void }) {
  const headingId = useId();
  const label = textLabel(entry);
  const live = liveData(entry);
  const { draft, scheduled } = entry;
  return (
    <li className={draft ? 'cms-visual__text cms-visual__text--draft' : 'cms-visual__text'} aria-labelledby={headingId}>
      <h3 id={headingId} className="cms-visual__text-title">
        {shortLabel(entry)}
      </h3>
      <p className="cms-visual__value">
        <span className="cms-visual__tag">Live</span> {live ? live.text : 'No text yet.'}
      </p>
      <p className="cms-visual__meta">
        {entry.live ? `Published revision ${entry.live.revision}.` : 'The site’s bundled text: never published from here.'}
      </p>
      {draft && (
        <div className="cms-visual__draft">
          <p className="cms-visual__meta">
            <span className="cms-visual__tag cms-visual__tag--draft">Draft</span> revision {draft.revision}, saved by {actorName(draft.created_by)},{' '}
            <time dateTime={draft.updated_at}>{formatWhen(draft.updated_at)}</time>:
          </p>
          <TextDiff before={live} after={draft.content_data} />
        </div>
      )}
      {scheduled && (
        <p className="cms-visual__meta cms-visual__scheduled">
          {draft && scheduled.revision === draft.revision ? 'Scheduled' : `Revision ${scheduled.revision} scheduled`} to go live{' '}
          <time dateTime={scheduled.publish_at}>{formatScheduleTime(scheduled.publish_at)}</time>.
        </p>
      )}
      <div className="cms-visual__actions">
        <Button variant="secondary" size="sm" onClick={() => onShow(entry)} aria-label={`Show on page: ${label}`}>
          Show on page
        </Button>
        <Link to={historyPath(entry)} className="cms-staff-link" aria-label={`History: ${label}`}>
          History
        </Link>
      </div>
    </li>
  );
}
