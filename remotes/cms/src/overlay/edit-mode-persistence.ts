import { getEditMode, setEditMode, setPreviewMode, subscribeEditMode } from '@croft/session';

/** sessionStorage: '10' = edit mode on, preview off. Per tab, like the spec's session-scoped flags. */
export const EDIT_MODE_STORAGE_KEY = 'cc.cms.mode';

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Brings back the mode this tab had and saves every change while the overlay is loaded. It lives
 * here, in the editors' overlay, not in the shared store every visitor downloads: a page starts
 * with editing off and only an editor's overlay turns it back on. Returns the unsubscribe.
 */
export function persistEditMode(): () => void {
  const saved = storage()?.getItem(EDIT_MODE_STORAGE_KEY) ?? '';
  setEditMode(saved[0] === '1');
  setPreviewMode(saved[1] === '1');
  return subscribeEditMode(() => {
    const { editMode, previewMode } = getEditMode();
    storage()?.setItem(EDIT_MODE_STORAGE_KEY, `${+editMode}${+previewMode}`);
  });
}

/**
 * The visual editor's frame (/cms/visual): the page starts in edit mode, preview off, and its mode
 * is neither read from nor written to sessionStorage. A same-origin frame shares the tab's
 * sessionStorage, so saving there would turn editing on (or off) for the tab's own browsing after
 * it leaves the visual editor; instead the frame's mode lives as long as its page (a reload of the
 * frame starts editing again). Returns the (nothing to) undo, like persistEditMode.
 */
export function startFramedEditMode(): () => void {
  setEditMode(true);
  setPreviewMode(false);
  return () => undefined;
}
