import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { CMS_EDIT_MODE_ATTRIBUTE } from '@croft/contracts';

afterEach(() => {
  sessionStorage.clear();
  document.documentElement.removeAttribute(CMS_EDIT_MODE_ATTRIBUTE);
  vi.resetModules();
});

describe('edit mode', () => {
  it('starts off, and every subscriber sees a change at once', async () => {
    const { useEditMode } = await import('./edit-mode');
    const a = renderHook(() => useEditMode());
    const b = renderHook(() => useEditMode());
    expect(a.result.current).toMatchObject({ editMode: false, previewMode: false });
    act(() => a.result.current.setEditMode(true));
    expect(b.result.current).toMatchObject({ editMode: true, previewMode: false });
    expect(document.documentElement.getAttribute(CMS_EDIT_MODE_ATTRIBUTE)).toBe('true');
  });

  it('preview shows the page as visitors see it: the document is no longer marked as editing', async () => {
    const { useEditMode } = await import('./edit-mode');
    const { result } = renderHook(() => useEditMode());
    act(() => result.current.setPreviewMode(true));
    expect(result.current.previewMode).toBe(false); // no preview without edit mode
    act(() => result.current.setEditMode(true));
    act(() => result.current.setPreviewMode(true));
    expect(result.current).toMatchObject({ editMode: true, previewMode: true });
    expect(document.documentElement.hasAttribute(CMS_EDIT_MODE_ATTRIBUTE)).toBe(false);
    act(() => result.current.setEditMode(false));
    expect(result.current).toMatchObject({ editMode: false, previewMode: false });
  });

  it('tells subscribers of every change until they unsubscribe', async () => {
    const { setEditMode, subscribeEditMode } = await import('./edit-mode');
    const seen = vi.fn();
    const stop = subscribeEditMode(seen);
    setEditMode(true);
    stop();
    setEditMode(false);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
