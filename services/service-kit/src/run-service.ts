import type { Express } from 'express';
import { createServiceApp } from './app';
import { runComposition, type CompositionHost } from './compose';
import type { BaseConfig } from './config';
import type { Logger } from './logger';
import { isHttpsOrigin } from './security';
import type { MountedService } from './service-api';
import type { ServiceModule } from './service-module';
import type { z } from 'zod';

/**
 * The app a standalone service serves: its routers under /api (`serviceApi`, the gateway's own)
 * with the kit's security and error handling, PUBLIC_ORIGIN's Origin check (the modules' public
 * write paths exempt) and HTTPS headers, and TRUST_PROXY (nobody is trusted unless it is set, in
 * production too: the same rule as the gateway).
 */
export function createStandaloneApp(
  options: ({ services: readonly MountedService[] } | { name: string; router: MountedService['router'] }) & {
    logger: Logger;
    config: BaseConfig;
  },
): Express {
  const { config } = options;
  const services: readonly MountedService[] =
    'services' in options ? options.services : [{ name: options.name, router: options.router, publicWritePaths: [] }];
  return createServiceApp({
    services,
    logger: options.logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    security: { https: isHttpsOrigin(config.PUBLIC_ORIGIN) },
    trustProxy: config.TRUST_PROXY,
  });
}

/** A process serving one module on its own: its needs from its `standalone` hook. */
export function standaloneHost<S extends z.ZodObject>(module: ServiceModule<string, S, any, any>): CompositionHost<S> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    name: module.name,
    configSchema: module.configSchema,
    modules: [module],
    standalone: true,
    createApp: ({ composed, logger, config }) => createStandaloneApp({ services: composed.services, logger, config }),
    started: ({ server, logger }) => logger.info({ url: `${server.url}/api/${module.name}` }, `${module.name} service listening`),
  };
}

/**
 * A service's standalone main in one call, through the same composition as the gateway:
 * validated config (bad config prints the problems and exits 1), logger, MongoDB (embedded when
 * MONGODB_URI is unset), mailer, the module at /api/<name>, seed, jobs, and a clean stop on
 * SIGINT/SIGTERM.
 */
export function runServiceModule<S extends z.ZodObject>(module: ServiceModule<string, S, any, any>): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  runComposition(standaloneHost(module));
}
