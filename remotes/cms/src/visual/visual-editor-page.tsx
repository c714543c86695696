import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DRAFT_CONTENT_CHANGED_EVENT, EDITABLE_PAGES, GLOBAL_CMS_PAGE, PAGE_KEYS, type EditablePage, type TextKey } from '@croft/contracts';
import { useQueryClient } from '@croft/query';
import { Link, useNavigate, useParams } from '@croft/router';
import { Button, PageFrame } from '@croft/ui';
import { announceDraftChange } from '../editing/api/after-change';
import { editingKeys } from '../editing/api/editing-keys';
import { isVisualFrame, showTextMessage, VISUAL_FRAME_NAME } from '../overlay/visual-frame-messages';
import { REVIEW_PATH } from '../review/paths';
import { PAGE_LABELS, textLabel } from '../review/text-labels';
import { useVisualFrame } from './use-visual-frame';
import { VisualTextList } from './visual-text-list';
import { frameTarget, isEditablePage, pageOfPath, samePath, visualPath } from './visual-paths';
import '../staff/guard/staff-guard.css';
import './visual-editor-page.css';

/** The frame's widths: a phone, a tablet, and the whole stage. */
export const DEVICES = [
  { id: 'phone', label: 'Phone', width: '390 px' },
  { id: 'tablet', label: 'Tablet', width: '768 px' },
  { id: 'desktop', label: 'Desktop', width: 'full width' },
] as const;
export type Device = (typeof DEVICES)[number]['id'];

/** How long the panel waits for the page to answer 'Show on page'. */
export const SHOW_ANSWER_MS = 5_000;
/** How long after the page loaded the panel waits for its editing tools before saying so. */
export const TOOLS_WAIT_MS = 10_000;

export const VISUAL_NOT_FOUND_TITLE = 'No such page to edit';

const isFramePage = (page: EditablePage) => (PAGE_KEYS as readonly string[]).includes(page);
const narrowScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 47.99rem)').matches;

/**
 * /cms/visual/:page/*: the page itself, in a frame in edit mode, beside a panel of its texts (see
 * VisualEditor). An unknown page, or a path that is not one of the site's pages, says so and lists
 * the pages there are; inside the editor's own frame it never opens a second editor. `frameSrc`:
 * stories only (see VisualEditor).
 */
export function VisualEditorPage({ frameSrc }: { frameSrc?: string } = {}) {
  const params = useParams();
  const page = params.page;
  const rest = params['*'] ?? '';
  if (isVisualFrame()) return <NestedEditor />;
  if (!isEditablePage(page)) {
    return <VisualNotFound message={page ? `There is no page called “${page}” to edit.` : 'Choose a page to edit.'} />;
  }
  const target = frameTarget(page, rest);
  if (!target.ok) {
    return (
      <VisualNotFound
        message={target.path ? `The site has no page at ${target.path} to edit.` : 'That address is not a page of the site.'}
        back={page}
      />
    );
  }
  return <VisualEditor page={page} framePath={target.path} frameSrc={frameSrc} />;
}

export interface VisualEditorProps {
  page: EditablePage;
  /** The site path the frame shows ('/cafe'). */
  framePath: string;
  /** Stories only: what the frame loads instead of the site path (Storybook serves no site pages). */
  frameSrc?: string;
}

/**
 * The visual editor: a panel of the page's texts (live, pending draft, schedule, history, Show on
 * page) and the real page in a same-origin frame, where the shell loads the editing overlay as on
 * the site and the overlay starts in edit mode (overlay/visual-frame-*). The two talk by
 * postMessage only: the panel asks the page to open a text; the page says it is ready, where it
 * went and that drafts changed (the panel then reads the texts again). Moving to another page in
 * the frame moves the panel (and the address) with it.
 */
export function VisualEditor({ page, framePath, frameSrc }: VisualEditorProps) {
  const titleId = useId();
  const panelId = useId();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [device, setDevice] = useState<Device>('desktop');
  const [panelOpen, setPanelOpen] = useState(() => !narrowScreen());
  /** The frame's document: a new load (another address from outside) remounts it. */
  const [frame, setFrame] = useState({ path: framePath, load: 0 });
  /** Where the page in the frame is (what it reported, else what it was given). */
  const shownPath = useRef(framePath);
  const [elsewhere, setElsewhere] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [toolsMissing, setToolsMissing] = useState(false);
  const [status, setStatus] = useState('');
  const queued = useRef<TextKey | null>(null);
  const lastRequest = useRef(0);
  const answerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const toolsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const loadFrame = useCallback((path: string) => {
    shownPath.current = path;
    setElsewhere(null);
    setConnected(false);
    setToolsMissing(false);
    setFrame((current) => ({ path, load: current.load + 1 }));
  }, []);

  // A new address from outside the frame (a link, the browser's address bar) loads in the frame;
  // the address the frame itself moved to (below) does not load it again.
  useEffect(() => {
    if (!samePath(shownPath.current, framePath)) loadFrame(framePath);
  }, [framePath, loadFrame]);

  useEffect(
    () => () => {
      clearTimeout(answerTimer.current);
      clearTimeout(toolsTimer.current);
    },
    [],
  );

  // Drafts changed here or in the page (the page's message is announced here too): read again.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: editingKeys.all });
    window.addEventListener(DRAFT_CONTENT_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(DRAFT_CONTENT_CHANGED_EVENT, refresh);
  }, [queryClient]);

  const ask = (key: TextKey) => {
    const request = ++lastRequest.current;
    if (!send(showTextMessage(request, key))) return;
    clearTimeout(answerTimer.current);
    answerTimer.current = setTimeout(() => {
      if (lastRequest.current === request) setStatus('The page did not answer. It may still be loading: try again in a moment, or reload it.');
    }, SHOW_ANSWER_MS);
  };

  /** The page in the frame is at `path`: the panel follows it to that page, or says it shows none. */
  const arrived = (path: string) => {
    shownPath.current = path;
    if (samePath(path, framePath)) {
      setElsewhere(null);
      return;
    }
    const owner = pageOfPath(path);
    if (owner && frameTarget(owner.page, owner.rest).ok) {
      setElsewhere(null);
      void navigate(visualPath(owner.page, owner.rest), { replace: true });
    } else {
      setElsewhere(path);
    }
  };

  const send = useVisualFrame(frameRef, {
    ready: ({ path }) => {
      clearTimeout(toolsTimer.current);
      setConnected(true);
      setToolsMissing(false);
      arrived(path);
      const waiting = queued.current;
      queued.current = null;
      if (waiting) ask(waiting);
    },
    location: ({ path }) => arrived(path),
    'draft-changed': ({ key }) => announceDraftChange(key),
    'show-result': ({ request, key, result }) => {
      if (request !== lastRequest.current) return;
      clearTimeout(answerTimer.current);
      if (result === 'opened') {
        setStatus(`Opened ${textLabel(key)} in the page.`);
        // Into the frame, where the popup has the focus: a keyboard user carries on there.
        frameRef.current?.focus();
      } else if (result === 'busy') {
        setStatus(`Another text’s editor is open in the page: save or cancel it there, then show ${textLabel(key)} again.`);
        frameRef.current?.focus();
      } else {
        setStatus(`${textLabel(key)} is not on the page as it shows now: it may appear only at another width, behind a menu, or on another page.`);
      }
    },
  });

  const showOnPage = (key: TextKey) => {
    if (!connected) {
      queued.current = key;
      setStatus(`The page is still loading: ${textLabel(key)} opens as soon as it is ready.`);
      return;
    }
    setStatus('');
    ask(key);
  };

  const onFrameLoad = () => {
    clearTimeout(toolsTimer.current);
    if (connected) return;
    toolsTimer.current = setTimeout(() => setToolsMissing(true), TOOLS_WAIT_MS);
  };

  const name = PAGE_LABELS[page];
  const frameTitle = elsewhere ? `The page at ${elsewhere}, in edit mode` : `${name}: the page, in edit mode`;

  return (
    <main id="main" tabIndex={-1} aria-labelledby={titleId} className="cms-visual">
      <header className="cms-visual__bar">
        <div className="cms-visual__heading">
          <p className="cms-visual__eyebrow">Content management</p>
          <h1 id={titleId} className="cms-visual__title">
            Visual editor: {name}
          </h1>
        </div>
        <div className="cms-visual__controls">
          <Button variant="secondary" size="sm" aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanelOpen(!panelOpen)}>
            {panelOpen ? 'Hide the texts' : 'Show the texts'}
          </Button>
          <div className="cms-visual__devices" role="group" aria-label="Page width">
            {DEVICES.map((d) => (
              <Button key={d.id} variant={device === d.id ? 'primary' : 'secondary'} size="sm" aria-pressed={device === d.id} onClick={() => setDevice(d.id)}>
                {d.label} <span className="cms-visual__width">{d.width}</span>
              </Button>
            ))}
          </div>
        </div>
      </header>
      <div className={panelOpen ? 'cms-visual__body' : 'cms-visual__body cms-visual__body--wide'}>
        <aside id={panelId} className="cms-visual__panel" aria-label={`Texts of ${name}`} hidden={!panelOpen}>
          <nav className="cms-visual__links" aria-label={`More for ${name}`}>
            <Link to={REVIEW_PATH} className="cms-staff-link">
              Review and publish
            </Link>
            {isFramePage(page) && (
              <>
                <Link to={`/cms/faq/${page}`} className="cms-staff-link" aria-label={`FAQ of ${name}`}>
                  FAQ
                </Link>
                <Link to={`/cms/images/${page}`} className="cms-staff-link" aria-label={`Images of ${name}`}>
                  Images
                </Link>
              </>
            )}
            <Link to="/cms" className="cms-staff-link">
              Content management
            </Link>
          </nav>
          <p className="cms-visual__connection">
            {connected ? 'Editing in the page: choose a text there, or Show on page here.' : toolsMissing ? '' : 'Connecting to the page…'}
          </p>
          {toolsMissing && (
            <div className="cms-staff-notice cms-visual__problem" role="alert">
              <p>
                The editing tools have not loaded in the page. Editing in place needs the Editor role: check you have it, then reload the
                page.
              </p>
              <Button variant="secondary" size="sm" onClick={() => loadFrame(framePath)}>
                Reload the page
              </Button>
            </div>
          )}
          {elsewhere && (
            <div className="cms-staff-notice cms-visual__elsewhere">
              <p>
                The frame shows {elsewhere}, which is not one of the pages with texts of their own. The texts below are {name}’s (and those on
                every page).
              </p>
              <Button variant="secondary" size="sm" onClick={() => loadFrame(framePath)}>
                Back to {name}
              </Button>
            </div>
          )}
          <p className="cms-visual__status" role="status" aria-live="polite">
            {status}
          </p>
          <VisualTextList page={page} title={page === GLOBAL_CMS_PAGE ? 'Texts on every page' : `Texts on ${name}`} onShow={showOnPage} />
          {page !== GLOBAL_CMS_PAGE && <VisualTextList page={GLOBAL_CMS_PAGE} title="On every page" onShow={showOnPage} />}
        </aside>
        <div className={`cms-visual__stage cms-visual__stage--${device}`}>
          <iframe
            key={frame.load}
            ref={frameRef}
            name={VISUAL_FRAME_NAME}
            title={frameTitle}
            src={frameSrc ?? frame.path}
            className="cms-visual__frame"
            onLoad={onFrameLoad}
          />
        </div>
      </div>
    </main>
  );
}

/** An unknown page or path: says so and lists every page there is to edit. */
function VisualNotFound({ message, back }: { message: string; back?: EditablePage }) {
  return (
    <PageFrame title={VISUAL_NOT_FOUND_TITLE} section="home" eyebrow="Visual editor">
      <div className="cms-staff-panel">
        <p role="alert">{message}</p>
        {back && (
          <p>
            <Link to={visualPath(back)} className="cms-staff-link">
              Edit {PAGE_LABELS[back]} instead
            </Link>
          </p>
        )}
        <h2 className="cms-visual__list-title">Pages you can edit</h2>
        <ul className="cms-visual__pages">
          {EDITABLE_PAGES.map((p) => (
            <li key={p}>
              <Link to={visualPath(p)} className="cms-staff-link">
                {PAGE_LABELS[p]}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/cms" className="cms-staff-link">
          Back to content management
        </Link>
      </div>
    </PageFrame>
  );
}

/** The visual editor's address opened inside its own frame: no editor within the editor. */
function NestedEditor() {
  return (
    <PageFrame title="Visual editor" section="home" eyebrow="Content management">
      <div className="cms-staff-panel">
        <p>The visual editor is already open around this page.</p>
        <a href="/cms" target="_top" className="cms-staff-link">
          Open content management in the whole window
        </a>
      </div>
    </PageFrame>
  );
}
