import { Router } from 'express';
import { cmsImagesQuerySchema, type CmsImageListResponse } from '@croft/contracts';
import { validate } from '@croft/service-kit';
import type { ReadCache } from '../domain/read-cache';
import { cachedJsonSender } from './cached-json';

export const IMAGES_CACHE_CONTROL = 'public, max-age=60';

/** Cache key of one carousel: `${page}/${carousel_name}` (both validated, neither contains '/'). */
export type CarouselKey = `${string}/${string}`;

export function imageRoutes(images: ReadCache<CarouselKey, CmsImageListResponse>): Router {
  const router = Router();
  const send = cachedJsonSender(IMAGES_CACHE_CONTROL);
  const imagesQuery = validate({ query: cmsImagesQuerySchema });

  // GET /images?page=home&carousel_name=hero → { items: CmsImageRow[] } (published, by sort_order)
  router.get('/images', imagesQuery, async (req, res) => {
    const { query } = imagesQuery.get(res);
    send(req, res, await images.get(`${query.page}/${query.carousel_name}`));
  });

  return router;
}
