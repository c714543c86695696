import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { buildGlobalTextRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { FALLBACK_BRAND, useBrandName } from './get-brand-name';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createContentClient({ baseUrl: 'http://api.test' });

describe('useBrandName', () => {
  it('shows the brand text from global content', async () => {
    server.use(
      ...contentHandlers({
        globalText: [
          buildGlobalTextRow({ content_key: 'tagline', content_value: 'x' }),
          buildGlobalTextRow({ content_key: 'brand_name', content_value: 'Croft Common Bristol' }),
        ],
      }),
    );
    const { result } = renderHook(() => useBrandName(client), { wrapper: queryWrapper() });
    expect(result.current).toBe(FALLBACK_BRAND);
    await waitFor(() => expect(result.current).toBe('Croft Common Bristol'));
  });

  it('keeps the fallback when the read fails (logged, never shown)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...contentHandlers({ failures: { globalText: 500 } }));
    const { result } = renderHook(() => useBrandName(client), { wrapper: queryWrapper() });
    await waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(result.current).toBe('Croft Common');
    log.mockRestore();
  });
});
