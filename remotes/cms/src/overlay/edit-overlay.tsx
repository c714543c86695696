import { useCallback, useEffect, useRef, useState } from 'react';
import type { TextKey } from '@croft/contracts';
import { getEditMode, getSessionClient, useEditMode } from '@croft/session';
import { persistEditMode, startFramedEditMode } from './edit-mode-persistence';
import { Button } from '@croft/ui';
import type { EditingClient } from '../editing/api/editing-client';
import { EditingClientProvider } from '../editing/api/editing-context';
import { usePendingDrafts } from '../editing/api/get-pending-drafts';
import { REVIEW_PATH } from '../review/paths';
import { DraftSync } from './draft-sync';
import { EditorPopup } from './editor-popup';
import { textId, useTextTargets, type TextTarget } from './text-targets';
import { findTextElement, useVisualFrameBridge } from './visual-frame-bridge';
import { isVisualFrame, type ShowResult } from './visual-frame-messages';
import './edit-overlay.css';

export interface EditOverlayProps {
  /** The editing client (default: the page's, with the signed-in session's token). */
  client?: EditingClient;
}

/** "3 pending changes" (the site's drafts waiting to be published). */
export function pendingLabel(count: number | undefined): string {
  if (count === undefined) return 'Pending changes: …';
  if (count === 0) return 'No pending changes';
  return count === 1 ? '1 pending change' : `${count} pending changes`;
}

function stateMessage(editMode: boolean, previewMode: boolean): string {
  if (!editMode) return 'Edit mode off.';
  if (previewMode) return 'Preview: the page as visitors see it, published text only.';
  return 'Edit mode on: drafts show. Choose a text, or Tab to one and press Enter, to edit it.';
}

/**
 * The editing overlay, loaded by the shell only for signed-in editors (spec 000 §4): a toolbar
 * with edit mode, preview and the count of pending changes, and in edit mode the page's texts
 * with their drafts, each opening the editor popup.
 */
export default function EditOverlay({ client }: EditOverlayProps) {
  return (
    <EditingClientProvider client={client}>
      <Overlay />
    </EditingClientProvider>
  );
}

function Overlay() {
  const { editMode, previewMode, setEditMode, setPreviewMode } = useEditMode();
  const active = editMode && !previewMode;
  const [target, setTarget] = useState<TextTarget | null>(null);
  const pending = usePendingDrafts();
  // Inside the visual editor's frame (/cms/visual): editing starts on, the tab's saved mode is left
  // alone, the panel around the page can open a text here, and links leave the frame (_top).
  const [framed] = useState(() => isVisualFrame());

  // The mode this tab had comes back with the overlay; signing out ends it.
  useEffect(() => {
    const stopSaving = framed ? startFramedEditMode() : persistEditMode();
    const stopListening = getSessionClient().onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') setEditMode(false);
    });
    return () => {
      stopListening();
      stopSaving();
    };
  }, [setEditMode, framed]);

  const open = useCallback((next: TextTarget) => {
    // Focus on the text first: the popup hands it back there when it closes.
    next.element.focus({ preventScroll: true });
    setTarget(next);
  }, []);
  const close = useCallback(() => setTarget(null), []);
  useTextTargets(active, open);

  // The panel's 'Show on page': the text scrolled into view (at once: no motion) and its popup open,
  // editing turned back on first if the editor had left it (the popup opens once the texts are
  // focusable again). An open popup of another text is never replaced: it may hold an unsaved edit.
  const openTarget = useRef(target);
  openTarget.current = target;
  const show = useCallback(
    (key: TextKey): ShowResult => {
      const element = findTextElement(key);
      if (!element) return 'missing';
      const current = openTarget.current;
      if (current) {
        if (textId(current.key) !== textId(key)) return 'busy';
        current.element.scrollIntoView({ block: 'center', inline: 'nearest' });
        return 'opened';
      }
      const mode = getEditMode();
      const wasActive = mode.editMode && !mode.previewMode;
      if (!wasActive) {
        setEditMode(true);
        setPreviewMode(false);
      }
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      if (wasActive) open({ key, element });
      else setTimeout(() => open({ key, element }), 0);
      return 'opened';
    },
    [open, setEditMode, setPreviewMode],
  );
  useVisualFrameBridge(framed, show);

  // Leaving edit mode (or previewing) closes an open popup.
  useEffect(() => {
    if (!active) setTarget(null);
  }, [active]);

  return (
    <>
      <aside className="cms-overlay" aria-label="Content editing">
        <Button variant={editMode ? 'primary' : 'secondary'} size="sm" aria-pressed={editMode} onClick={() => setEditMode(!editMode)}>
          Edit mode
        </Button>
        <Button variant={previewMode ? 'primary' : 'secondary'} size="sm" aria-pressed={previewMode} disabled={!editMode} onClick={() => setPreviewMode(!previewMode)}>
          Preview
        </Button>
        <span className="cms-overlay__pending" data-testid="pending-changes">
          {pending.isError ? 'Pending changes unavailable' : pendingLabel(pending.data?.length)}
        </span>
        {/* A plain link: the overlay sits on every page, inside or outside a router. */}
        <a className="cms-overlay__review" href={REVIEW_PATH} target={framed ? '_top' : undefined}>
          Review and publish
        </a>
        <p className="cms-overlay__state" role="status">
          {stateMessage(editMode, previewMode)}
        </p>
      </aside>
      <DraftSync active={active} />
      {target && <EditorPopup key={textId(target.key)} target={target} onClose={close} linkTarget={framed ? '_top' : undefined} />}
    </>
  );
}
