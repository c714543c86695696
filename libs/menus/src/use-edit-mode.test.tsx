import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { CMS_EDIT_MODE_ATTRIBUTE } from '@croft/contracts';
import { useEditMode } from './use-edit-mode';

describe('useEditMode', () => {
  afterEach(() => document.documentElement.removeAttribute(CMS_EDIT_MODE_ATTRIBUTE));

  it('follows the attribute the CMS overlay sets on the document element', async () => {
    const { result } = renderHook(() => useEditMode());
    expect(result.current).toBe(false);
    await act(async () => document.documentElement.setAttribute(CMS_EDIT_MODE_ATTRIBUTE, 'true'));
    expect(result.current).toBe(true);
    await act(async () => document.documentElement.setAttribute(CMS_EDIT_MODE_ATTRIBUTE, 'false'));
    expect(result.current).toBe(false);
  });
});
