import type { PageKey } from '@croft/contracts';
import { createContentClient, type ContentClient } from '@croft/api-client/content';
import { queryOptions, useQuery } from '@croft/query';
import { catalogueImages, fromCmsRow, type CarouselImage } from '../carousel-image';

const content = createContentClient();

export interface CarouselImagesState {
  /** 'loading' until the service has answered (or failed); the images are usable either way. */
  status: 'loading' | 'ready';
  /** Where the images came from: the CMS rows, or the bundled catalogue set. */
  source: 'cms' | 'catalogue';
  images: CarouselImage[];
}

type Resolved = { source: 'cms' | 'catalogue'; images: CarouselImage[] };

/**
 * The published images of one carousel (one read per carousel per session, like page text; a
 * failed read is not asked again and the catalogue set stands).
 */
export function carouselImagesQuery(page: PageKey, carouselName: string, client: ContentClient = content) {
  return queryOptions({
    queryKey: ['content', 'images', page, carouselName],
    queryFn: async ({ signal }): Promise<Resolved> => {
      const published = (await client.images(page, carouselName, { signal })).filter((row) => row.published);
      return published.length > 0 ? { source: 'cms', images: published.map(fromCmsRow) } : { source: 'catalogue', images: catalogueImages(page) };
    },
    staleTime: Infinity,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    meta: { errorMessage: `[site] images for ${page}/${carouselName} could not be read; showing the bundled set` },
  });
}

/**
 * The images of a page's carousel from cms_images (published, in sort order), falling back to
 * the catalogue set of the page when the read fails or the carousel is empty (spec 001 §8). The
 * catalogue set is returned from the first render, so the first image never waits on the API.
 */
export function useCarouselImages(page: PageKey, carouselName: string, client?: ContentClient): CarouselImagesState {
  const { data, isError } = useQuery(carouselImagesQuery(page, carouselName, client));
  if (data) return { status: 'ready', ...data };
  return { status: isError ? 'ready' : 'loading', source: 'catalogue', images: catalogueImages(page) };
}
