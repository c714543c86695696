import { Router } from 'express';
import { contentEndpoints as content, type CmsImageListResponse } from '@croft/contracts';
import { mountEndpoint } from '@croft/service-kit';
import type { ReadCache } from '../domain/read-cache';
import { cachedJsonSender } from './cached-json';

export const IMAGES_CACHE_CONTROL = 'public, no-cache';

/** Cache key of one carousel: `${page}/${carousel_name}` (both validated, neither contains '/'). */
export type CarouselKey = `${string}/${string}`;

export function imageRoutes(images: ReadCache<CarouselKey, CmsImageListResponse>): Router {
  const router = Router();
  const send = cachedJsonSender(content.listCarouselImages, IMAGES_CACHE_CONTROL);

  // Published images of one carousel, by sort_order.
  mountEndpoint(router, content.listCarouselImages, async ({ query, req, res }) => {
    send(req, res, await images.get(`${query.page}/${query.carousel_name}`));
    return undefined;
  });

  return router;
}
