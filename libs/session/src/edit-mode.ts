import { useSyncExternalStore } from 'react';

/**
 * CMS edit mode (spec 000 §4: edit mode off/on, preview mode), one state for the shell and every
 * remote. It lives in the shared singleton @croft/session, so it ships to every visitor: keep it
 * tiny (no network, no contracts). Editing is active while edit mode is on and preview is off;
 * then the document element carries `data-cms-edit-mode="true"` (CMS_EDIT_MODE_ATTRIBUTE).
 *
 * A page starts with editing off; the editing overlay (loaded for editors only) keeps the tab's
 * mode in sessionStorage and brings it back (remotes/cms overlay/edit-mode-persistence.ts), so a
 * tab whose editor signed out never keeps a visitor's BOOK inert, and visitors carry no more
 * than this store.
 */
export interface EditModeState {
  editMode: boolean;
  previewMode: boolean;
}

let state: EditModeState = { editMode: false, previewMode: false };
const listeners = new Set<() => void>();

function write(editMode: boolean, previewMode: boolean) {
  state = { editMode, previewMode: editMode && previewMode };
  const root = document.documentElement;
  if (editMode && !previewMode) root.setAttribute('data-cms-edit-mode', 'true');
  else root.removeAttribute('data-cms-edit-mode');
  listeners.forEach((listener) => listener());
}

/** Calls `listener` after every change; returns the unsubscribe. */
export const subscribeEditMode = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** The current mode outside React. */
export const getEditMode = (): EditModeState => state;
/** Turns edit mode on or off (off ends preview too). */
export const setEditMode = (on: boolean) => write(on, state.previewMode);
/** Preview (the page as visitors see it) while in edit mode; ignored while edit mode is off. */
export const setPreviewMode = (on: boolean) => write(state.editMode, on);
/** `const { editMode, previewMode, setEditMode, setPreviewMode } = useEditMode()`. */
export function useEditMode() {
  return { ...useSyncExternalStore(subscribeEditMode, getEditMode, getEditMode), setEditMode, setPreviewMode };
}
