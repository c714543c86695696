import { afterEach, describe, expect, it } from 'vitest';
import { getEditMode, setEditMode, setPreviewMode } from '@croft/session';
import { EDIT_MODE_STORAGE_KEY, persistEditMode } from './edit-mode-persistence';

afterEach(() => {
  setEditMode(false);
  sessionStorage.clear();
});

describe('the tab keeps its edit mode while an editor has the overlay', () => {
  it('brings back the saved mode and saves each change until stopped', () => {
    sessionStorage.setItem(EDIT_MODE_STORAGE_KEY, '11');
    const stop = persistEditMode();
    expect(getEditMode()).toEqual({ editMode: true, previewMode: true });
    setPreviewMode(false);
    expect(sessionStorage.getItem(EDIT_MODE_STORAGE_KEY)).toBe('10');
    stop();
    setEditMode(false);
    expect(sessionStorage.getItem(EDIT_MODE_STORAGE_KEY)).toBe('10');
  });

  it('starts off in a tab that never edited', () => {
    const stop = persistEditMode();
    expect(getEditMode()).toEqual({ editMode: false, previewMode: false });
    stop();
  });
});
