import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import {
  CMS_AUTH_REQUIRED_TOAST,
  CMS_SAVED_TOAST,
  CMS_SAVE_FAILED_TITLE,
  CONTAINER_POSITIONS,
  EDITOR_MULTILINE_THRESHOLD,
  MARGIN_STEPS,
  MARGIN_STEP_LABELS,
  TEXT_ALIGNMENTS,
  cmsSaveFailedDescription,
  type CmsTextData,
  type EditorTextEntry,
  type Positioning,
  type TextKey,
} from '@croft/contracts';
import { ApiError } from '@croft/api-client';
import { useQueryClient } from '@croft/query';
import { Button, Dialog, Spinner, toast } from '@croft/ui';
import { Select, TextArea, TextField } from '@croft/ui/forms';
import { isSignedOutError, type EditingClient } from '../editing/api/editing-client';
import { useEditingClient } from '../editing/api/editing-context';
import { editorTextQuery, useEditorText } from '../editing/api/get-editor-text';
import { editingKeys } from '../editing/api/editing-keys';
import { useSaveDraft } from '../editing/api/save-draft';
import { useEditorPresence } from '../editing/api/use-presence';
import { historyPath } from '../review/paths';
import { popupPlacement } from './popup-position';
import type { TextTarget } from './text-targets';
import './editor-popup.css';

/** Text over the threshold, or with a newline, gets the multi-line editor (spec 000 §5). */
export const isMultiLine = (text: string) => text.length > EDITOR_MULTILINE_THRESHOLD || text.includes('\n');

const POSITION_LABELS: Record<(typeof CONTAINER_POSITIONS)[number], string> = {
  default: 'Default',
  'page-left': 'Page left',
  'page-center': 'Page center',
  'page-right': 'Page right',
};
const ALIGNMENT_LABELS: Record<(typeof TEXT_ALIGNMENTS)[number], string> = { left: 'Left', center: 'Center', right: 'Right' };
const POSITION_OPTIONS = CONTAINER_POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }));
const ALIGNMENT_OPTIONS = TEXT_ALIGNMENTS.map((value) => ({ value, label: ALIGNMENT_LABELS[value] }));
const MARGIN_OPTIONS = MARGIN_STEPS.map((value) => ({ value, label: MARGIN_STEP_LABELS[value] }));

/** The positioning as saved: unset fields left out ('default' container position is the unset one). */
export function normalPositioning(positioning: Positioning | undefined): Positioning {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(positioning ?? {})) {
    if (!value || (name === 'containerPosition' && value === 'default')) continue;
    out[name] = value;
  }
  return out as Positioning;
}

const samePositioning = (a: Positioning | undefined, b: Positioning | undefined) => {
  const x = normalPositioning(a);
  const y = normalPositioning(b);
  const names = new Set([...Object.keys(x), ...Object.keys(y)]) as Set<keyof Positioning>;
  return [...names].every((name) => x[name] === y[name]);
};

function dataOf(text: string, positioning: Positioning): CmsTextData {
  const placed = normalPositioning(positioning);
  return Object.keys(placed).length > 0 ? { text, positioning: placed } : { text };
}

/** What the editor starts from: the pending draft, else what is live, else the text on screen (bundled). */
function startingData(entry: EditorTextEntry, element: HTMLElement): CmsTextData {
  return (entry.draft ?? entry.live)?.content_data ?? { text: element.textContent ?? '' };
}

interface Conflict {
  entry: EditorTextEntry;
  theirs: CmsTextData;
}

export interface EditorPopupProps {
  target: TextTarget;
  /** Closes the popup (focus goes back to the text). */
  onClose: () => void;
  /** Where the History link opens: '_top' from the visual editor's frame (the staff screen takes the tab, not the frame). */
  linkTarget?: '_top';
}

/** Keeps the open dialog next to its text and 20 px inside the viewport, as it and the page change size. */
function usePlacement(anchor: HTMLElement, probe: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const dialog = probe.current?.closest('dialog');
    if (!dialog) return;
    const place = () => {
      const p = popupPlacement(anchor.getBoundingClientRect(), dialog.offsetHeight, { width: window.innerWidth, height: window.innerHeight });
      dialog.style.left = `${p.left}px`;
      dialog.style.top = `${p.top}px`;
      dialog.style.width = `${p.width}px`;
      dialog.style.maxHeight = `${p.maxHeight}px`;
    };
    place();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    resized?.observe(dialog);
    window.addEventListener('resize', place);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', place);
    };
  }, [anchor, probe]);
}

/**
 * The editor popup (spec 000 §4, §5, §8, §9): the text's Content (one line, or several past the
 * threshold or with a newline), Page Position, Text Alignment, Top and Bottom Margin. Save (or
 * Enter) stores a draft over the revision it started from; Shift+Enter is a newline; Escape,
 * Cancel and the backdrop close without saving. A save that finds the text changed meanwhile
 * shows both versions and lets the editor keep theirs or save theirs over it, never silently.
 */
export function EditorPopup({ target, onClose, linkTarget }: EditorPopupProps) {
  const probe = useRef<HTMLDivElement>(null);
  const { data: entry, error, refetch, isFetching } = useEditorText(target.key);
  const others = useEditorPresence(target.key);
  const signedOut = error && isSignedOutError(error);

  useEffect(() => {
    if (!signedOut) return;
    toast({ ...CMS_AUTH_REQUIRED_TOAST, variant: 'destructive' });
    onClose();
  }, [signedOut, onClose]);

  usePlacement(target.element, probe);
  const { page, section, content_key } = target.key;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit text"
      description={`${page} · ${section} · ${content_key}`}
      size="sm"
      className="cms-popup"
    >
      <div ref={probe} className="cms-popup__body">
        {others.length > 0 && (
          <p className="cms-popup__presence" role="status">
            Also editing: {others.map((o) => o.email).join(', ')}
          </p>
        )}
        {entry ? (
          <EditorForm entry={entry} target={target} onClose={onClose} linkTarget={linkTarget} />
        ) : error && !signedOut ? (
          <div className="cms-popup__problem" role="alert">
            <p>This text could not be loaded.</p>
            <div className="cms-popup__actions">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void refetch()} loading={isFetching} loadingLabel="Loading">
                Try again
              </Button>
            </div>
          </div>
        ) : (
          <Spinner label="Loading the text" />
        )}
      </div>
    </Dialog>
  );
}

function EditorForm({ entry, target, onClose, linkTarget }: { entry: EditorTextEntry; target: TextTarget; onClose: () => void; linkTarget?: '_top' }) {
  const client: EditingClient = useEditingClient();
  const queryClient = useQueryClient();
  const save = useSaveDraft();
  const [initial] = useState(() => startingData(entry, target.element));
  const [text, setText] = useState(initial.text);
  const [positioning, setPositioning] = useState<Positioning>(initial.positioning ?? {});
  const [multiLine, setMultiLine] = useState(() => isMultiLine(initial.text));
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [historyBlocked, setHistoryBlocked] = useState(false);
  const base = useRef(entry.head_revision);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const keepMine = useRef<HTMLButtonElement>(null);

  const changed = text !== initial.text || !samePositioning(positioning, initial.positioning);
  const saving = save.isPending;

  // Into the content field on open, and again when it grows into a textarea (caret kept).
  useEffect(() => {
    const control = field.current;
    if (!control) return;
    control.focus();
    const at = caret.current ?? control.value.length;
    control.setSelectionRange(at, at);
    caret.current = null;
  }, [multiLine, conflict]);

  // A conflict replaces the form (and its Save button, which had focus): focus its choice.
  useEffect(() => {
    if (conflict) keepMine.current?.focus();
  }, [conflict]);

  const key: TextKey = target.key;

  async function submit(data: CmsTextData, baseRevision: number) {
    try {
      await save.mutateAsync({ ...key, content_data: data, base_revision: baseRevision });
      toast(CMS_SAVED_TOAST);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'edit_conflict') {
        try {
          const latest = await queryClient.fetchQuery(editorTextQuery(client, key));
          setConflict({ entry: latest, theirs: (latest.draft ?? latest.live)?.content_data ?? { text: '' } });
          return;
        } catch (readFailure) {
          failure = readFailure;
        }
      }
      if (isSignedOutError(failure)) toast({ ...CMS_AUTH_REQUIRED_TOAST, variant: 'destructive' });
      else {
        const message = failure instanceof Error ? failure.message : undefined;
        toast({ title: CMS_SAVE_FAILED_TITLE, description: cmsSaveFailedDescription(message), variant: 'destructive' });
      }
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    void submit(dataOf(text, positioning), base.current);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.shiftKey) {
      // A newline: the single-line field becomes the multi-line one with the caret after it.
      if (multiLine) return;
      event.preventDefault();
      const control = event.currentTarget;
      const start = control.selectionStart ?? text.length;
      const end = control.selectionEnd ?? start;
      setText(text.slice(0, start) + '\n' + text.slice(end));
      caret.current = start + 1;
      setMultiLine(true);
      return;
    }
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  const onText = (value: string) => {
    setText(value);
    if (!multiLine && isMultiLine(value)) {
      caret.current = field.current?.selectionStart ?? value.length;
      setMultiLine(true);
    }
  };

  const place = (name: keyof Positioning) => (event: { target: { value: string } }) =>
    setPositioning((current) => ({ ...current, [name]: event.target.value || undefined }));

  if (conflict) {
    const by = conflict.entry.draft?.created_by?.email ?? conflict.entry.live?.created_by?.email;
    return (
      <div className="cms-popup__conflict">
        <p role="alert" className="cms-popup__conflict-title">
          {by ? `${by} changed this text while you were editing.` : 'This text changed while you were editing.'}
        </p>
        <figure className="cms-popup__version">
          <figcaption>Theirs</figcaption>
          <blockquote>{conflict.theirs.text}</blockquote>
        </figure>
        <figure className="cms-popup__version">
          <figcaption>Mine</figcaption>
          <blockquote>{text}</blockquote>
        </figure>
        <div className="cms-popup__actions">
          <Button
            variant="secondary"
            disabled={saving}
            onClick={() => {
              // Theirs is already the text's newest version: refresh what the page shows and close.
              void queryClient.invalidateQueries({ queryKey: editingKeys.all });
              onClose();
            }}
          >
            Use theirs
          </Button>
          <Button
            ref={keepMine}
            loading={saving}
            loadingLabel="Saving"
            onClick={() => {
              base.current = conflict.entry.head_revision;
              setConflict(null);
              void submit(dataOf(text, positioning), conflict.entry.head_revision);
            }}
          >
            Keep mine
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="cms-popup__form" onSubmit={onSubmit} noValidate>
      {multiLine ? (
        <TextArea
          ref={field}
          label="Content"
          value={text}
          rows={5}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          hint="Enter saves, Shift+Enter adds a line."
        />
      ) : (
        <TextField ref={field} label="Content" value={text} onChange={(event) => onText(event.target.value)} onKeyDown={onKeyDown} />
      )}
      <Select label="Page Position" options={POSITION_OPTIONS} value={positioning.containerPosition ?? 'default'} onChange={place('containerPosition')} />
      <Select label="Text Alignment" options={ALIGNMENT_OPTIONS} placeholder="Default" value={positioning.alignment ?? ''} onChange={place('alignment')} />
      <div className="cms-popup__margins">
        <Select label="Top Margin" options={MARGIN_OPTIONS} placeholder="Default" value={positioning.marginTop ?? ''} onChange={place('marginTop')} />
        <Select label="Bottom Margin" options={MARGIN_OPTIONS} placeholder="Default" value={positioning.marginBottom ?? ''} onChange={place('marginBottom')} />
      </div>
      {historyBlocked && changed && (
        <p className="cms-popup__hint" role="status">
          Save or cancel your change before opening the history.
        </p>
      )}
      <div className="cms-popup__actions">
        {/* A plain link (the popup sits on any page): every published version, compare, restore. Leaving would drop an unsaved edit, so it waits. */}
        <a
          className="cms-popup__history"
          href={historyPath(key)}
          target={linkTarget}
          onClick={(event) => {
            if (!changed) return;
            event.preventDefault();
            setHistoryBlocked(true);
          }}
        >
          History
        </a>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!changed || saving} aria-busy={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
