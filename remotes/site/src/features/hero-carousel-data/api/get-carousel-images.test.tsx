import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BACKGROUND_SETS, imageSrcSet, imageUrl, uploadedImageUrl } from '@croft/contracts';
import { buildCmsImageRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createContentClient } from '@croft/api-client';
import { queryWrapper } from '@croft/query/testing';
import { catalogueImages, fromCmsRow } from '../carousel-image';
import { useCarouselImages } from './get-carousel-images';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const newClient = () => createContentClient({ baseUrl: 'http://api.test' });

describe('useCarouselImages', () => {
  it('starts with the catalogue set, then shows the published CMS rows in order', async () => {
    server.use(
      ...contentHandlers({
        images: [
          buildCmsImageRow({ id: 'r2', image_url: '/images/home-3', sort_order: 20, metadata: { type: 'mixed', overlay: 0.5 } }),
          buildCmsImageRow({ id: 'r1', image_url: '/images/home-2', sort_order: 10, metadata: { type: 'warm', overlay: 0.45, backgroundPosition: 'center top', alt: 'Amber stripes' } }),
          buildCmsImageRow({ id: 'r0', image_url: '/images/home-1', sort_order: 1, published: false }),
        ],
      }),
    );
    const client = newClient();
    const { result } = renderHook(() => useCarouselImages('home', 'hero', client), { wrapper: queryWrapper() });
    expect(result.current).toEqual({ status: 'loading', source: 'catalogue', images: catalogueImages('home') });
    expect(result.current.images.map((i) => i.imageId)).toEqual(BACKGROUND_SETS.home.map((b) => b.id));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.source).toBe('cms');
    expect(result.current.images).toEqual([
      { key: 'r1', imageId: 'home-2', alt: 'Amber stripes', tone: 'warm', overlay: 0.45, position: 'center top', size: 'cover' },
      // No alt in the row: the catalogue's alt for that image id.
      { key: 'r2', imageId: 'home-3', alt: BACKGROUND_SETS.home[2].alt, tone: 'mixed', overlay: 0.5, position: 'center', size: 'cover' },
    ]);
  });

  it('falls back to the catalogue set when the carousel is empty', async () => {
    server.use(...contentHandlers());
    const client = newClient();
    const { result } = renderHook(() => useCarouselImages('cafe', 'hero', client), { wrapper: queryWrapper() });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.source).toBe('catalogue');
    expect(result.current.images).toBe(catalogueImages('cafe'));
  });

  it('logs a failed read and falls back, asking once per carousel per session', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    server.use(
      http.get('*/api/content/images', () => {
        calls += 1;
        return HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status: 500 });
      }),
    );
    const client = newClient();
    const wrapper = queryWrapper();
    const first = renderHook(() => useCarouselImages('beer', 'background', client), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    expect(first.result.current).toMatchObject({ source: 'catalogue', images: catalogueImages('beer') });
    expect(log).toHaveBeenCalledTimes(1);
    const second = renderHook(() => useCarouselImages('beer', 'background', client), { wrapper });
    expect(second.result.current.status).toBe('ready');
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(1);
    log.mockRestore();
  });

  it('uses the seeded background carousel of each page from the mock service', async () => {
    server.use(...contentHandlers());
    const client = newClient();
    const { result, rerender } = renderHook(({ page }) => useCarouselImages(page, 'background', client), {
      initialProps: { page: 'hall' as const } as { page: 'hall' | 'kitchens' },
      wrapper: queryWrapper(),
    });
    await waitFor(() => expect(result.current.source).toBe('cms'));
    expect(result.current.images.map((i) => i.imageId)).toEqual(BACKGROUND_SETS.hall.map((b) => b.id));
    rerender({ page: 'kitchens' });
    expect(result.current.images.map((i) => i.imageId)).toEqual(BACKGROUND_SETS.kitchens.map((b) => b.id));
    await waitFor(() => expect(result.current.source).toBe('cms'));
    expect(result.current.images.map((i) => i.tone)).toEqual(BACKGROUND_SETS.kitchens.map((b) => b.tone));
  });
});

describe('fromCmsRow', () => {
  it('takes a catalogue stem from the image_url and fills defaults', () => {
    const image = fromCmsRow(buildCmsImageRow({ id: 'x', image_url: '/images/summer-party', metadata: { type: 'light' } }));
    expect(image).toEqual({ key: 'x', imageId: 'summer-party', alt: '', tone: 'light', overlay: 0.4, position: 'center', size: 'cover' });
    expect(imageUrl(image.imageId, 768, 'avif')).toBe('/images/summer-party-768.avif');
  });

  it('keeps an uploaded image’s base path, so its renditions are read from the content service', () => {
    const image = fromCmsRow(
      buildCmsImageRow({ id: 'y', image_url: uploadedImageUrl('0123456789abcdef01234567'), metadata: { type: 'dark', alt: 'A stage' } }),
    );
    expect(image.imageId).toBe('/api/content/media/0123456789abcdef01234567');
    expect(imageUrl(image.imageId, 1280, 'webp')).toBe('/api/content/media/0123456789abcdef01234567-1280.webp');
    expect(imageSrcSet(image.imageId, 'avif').split(', ')[0]).toBe('/api/content/media/0123456789abcdef01234567-480.avif 480w');
  });
});
