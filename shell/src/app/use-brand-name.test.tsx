import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { FALLBACK_BRAND, resetBrandName, useBrandName } from './use-brand-name';

describe('useBrandName', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetBrandName();
  });

  it('shows the brand text from global content', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ items: [{ content_key: 'tagline', content_value: 'x' }, { content_key: 'brand_name', content_value: 'Croft Common Bristol' }] })));
    const { result } = renderHook(() => useBrandName());
    expect(result.current).toBe(FALLBACK_BRAND);
    await waitFor(() => expect(result.current).toBe('Croft Common Bristol'));
  });

  it('keeps the fallback when the read fails (logged, never shown)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 500 })));
    const { result } = renderHook(() => useBrandName());
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(result.current).toBe('Croft Common');
    warn.mockRestore();
  });
});
