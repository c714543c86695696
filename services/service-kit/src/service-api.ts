import express, { type RequestHandler, type Router } from 'express';
import { apiNotFound } from './errors';
import { requestLogger, type Logger } from './logger';
import { jsonBody, originCheck } from './security';
import type { PublicWritePath } from './service-module';

/** A module's router and the routes the Origin check lets through, as `serviceApi` mounts them. */
export interface MountedService {
  name: string;
  router: Router | RequestHandler;
  publicWritePaths: readonly PublicWritePath[];
}

/**
 * The /api router for a list of services, the same in the gateway and a standalone service:
 * request log, Origin check (state-changing requests from `allowedOrigins` only, except each
 * service's public write paths), 100 kB JSON bodies, each router at /<name>, and a JSON 404 for
 * anything else. Mount it at /api, with the error handler after it.
 */
export function serviceApi(options: {
  services: readonly MountedService[];
  /** PUBLIC_ORIGIN (and any other site origin); none = no Origin check (tests only). */
  allowedOrigins?: readonly string[];
  logger: Logger;
}): Router {
  const api = express.Router();
  api.use(requestLogger(options.logger));
  if (options.allowedOrigins && options.allowedOrigins.length > 0) {
    const checkOrigin = originCheck([...options.allowedOrigins]);
    const exempt = publicWriteMatcher(options.services);
    api.use((req, res, next) => (exempt(req.method, req.path) ? next() : checkOrigin(req, res, next)));
  }
  api.use(jsonBody());
  for (const service of options.services) api.use(`/${service.name}`, service.router);
  api.use(apiNotFound());
  return api;
}

/** Whether a request (method, path under /api) is one of the services' public write paths: exact match, `:param` one segment. */
export function publicWriteMatcher(services: readonly MountedService[]): (method: string, path: string) => boolean {
  const rules = services.flatMap((service) =>
    service.publicWritePaths.map((route) => ({ method: route.method, segments: ['', service.name, ...route.path.split('/').slice(1)] })),
  );
  return (method, path) => {
    const parts = path.split('/');
    return rules.some(
      (rule) =>
        rule.method === method &&
        rule.segments.length === parts.length &&
        rule.segments.every((segment, i) => (segment.startsWith(':') ? parts[i].length > 0 : segment === parts[i])),
    );
  };
}
