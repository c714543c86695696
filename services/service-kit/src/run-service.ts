import type { Express, RequestHandler, Router } from 'express';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { createServiceApp, listen, stopOnSignals } from './app';
import { loadConfigOrExit, type BaseConfig } from './config';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mailer';
import { connectMongo } from './mongo';
import { isHttpsOrigin } from './security';

export interface StandaloneContext<C> {
  config: C;
  logger: Logger;
  db: Connection;
  mailer: Mailer;
}

/**
 * The app a standalone service serves: its router at /api/<name> with the kit's security and
 * error handling, PUBLIC_ORIGIN's Origin check and HTTPS headers, and TRUST_PROXY (nobody is
 * trusted unless it is set, in production too: the same rule as the gateway).
 */
export function createStandaloneApp(options: {
  name: string;
  router: Router | RequestHandler;
  logger: Logger;
  config: BaseConfig;
}): Express {
  const { config } = options;
  return createServiceApp({
    name: options.name,
    router: options.router,
    logger: options.logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    security: { https: isHttpsOrigin(config.PUBLIC_ORIGIN) },
    trustProxy: config.TRUST_PROXY,
  });
}

/**
 * A service's standalone main in one call: validated config (bad config prints the problems and
 * exits 1), logger, MongoDB (embedded when MONGODB_URI is unset), mailer, the service's router
 * at /api/<name> with the kit's security and error handling, and a clean stop on SIGINT/SIGTERM.
 */
export function runStandaloneService<S extends z.ZodObject>(options: {
  name: string;
  configSchema: S;
  create: (context: StandaloneContext<z.infer<S> & BaseConfig>) => Router | Promise<Router>;
}): void {
  const config = loadConfigOrExit(options.configSchema) as z.infer<S> & BaseConfig;
  const logger = createLogger({ name: options.name, level: config.LOG_LEVEL });
  const start = async () => {
    const mongo = await connectMongo({
      uri: config.MONGODB_URI,
      dbName: config.MONGODB_DB,
      embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
      logger,
    });
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
    const router = await options.create({ config, logger, db: mongo.connection, mailer });
    const app = createStandaloneApp({ name: options.name, router, logger, config });
    const server = await listen(app, config.PORT, config.HOST);
    logger.info({ url: `${server.url}/api/${options.name}` }, `${options.name} service listening`);
    stopOnSignals(
      logger,
      () => server.close(),
      async () => mailer.close(),
      () => mongo.stop(),
    );
  };
  start().catch((error: unknown) => {
    logger.fatal({ err: error }, `${options.name} service failed to start`);
    process.exit(1);
  });
}
