import { useSyncExternalStore } from 'react';

/**
 * CMS edit mode (spec 000 §4: edit mode off/on, preview mode), one state for the shell and every
 * remote. It lives in the shared singleton @croft/session, so it ships to every visitor: keep it
 * tiny (no network, no contracts). Editing is active while edit mode is on and preview is off;
 * then the document element carries `data-cms-edit-mode="true"` (CMS_EDIT_MODE_ATTRIBUTE).
 *
 * The mode persists for the tab (sessionStorage), but a page starts off and only the editing
 * overlay (loaded for editors) brings the saved mode back with restoreEditMode(): a tab whose
 * editor signed out never keeps a visitor's BOOK inert.
 */
export interface EditModeState {
  editMode: boolean;
  previewMode: boolean;
}

const KEY = 'cc.cms.mode';
let state: EditModeState = { editMode: false, previewMode: false };
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function write(editMode: boolean, previewMode: boolean) {
  state = { editMode, previewMode: editMode && previewMode };
  storage()?.setItem(KEY, `${+editMode}${+state.previewMode}`);
  const root = document.documentElement;
  if (editMode && !previewMode) root.setAttribute('data-cms-edit-mode', 'true');
  else root.removeAttribute('data-cms-edit-mode');
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));

/** The current mode outside React. */
export const getEditMode = (): EditModeState => state;
/** Turns edit mode on or off (off ends preview too). */
export const setEditMode = (on: boolean) => write(on, state.previewMode);
/** Preview (the page as visitors see it) while in edit mode; ignored while edit mode is off. */
export const setPreviewMode = (on: boolean) => write(state.editMode, on);
/** The mode this tab had (the editing overlay calls it when it loads). */
export function restoreEditMode() {
  const saved = storage()?.getItem(KEY) ?? '';
  write(saved[0] === '1', saved[1] === '1');
}

/** `const { editMode, previewMode, setEditMode, setPreviewMode } = useEditMode()`. */
export function useEditMode() {
  return { ...useSyncExternalStore(subscribe, getEditMode, getEditMode), setEditMode, setPreviewMode };
}
