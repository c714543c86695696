/**
 * Runs the content service on its own: `node --import tsx services/content/src/main.ts`.
 * Without MONGODB_URI it starts the embedded store in-process.
 */
import {
  connectMongo,
  createLogger,
  createServiceApp,
  listen,
  stopOnSignals,
  isHttpsOrigin,
  loadConfigOrExit,
} from '@croft/service-kit';
import { contentConfigSchema } from './config';
import { createContentService } from './content-service';

const config = loadConfigOrExit(contentConfigSchema);
const logger = createLogger({ name: 'content', level: config.LOG_LEVEL });

async function main(): Promise<void> {
  const mongo = await connectMongo({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
    logger,
  });
  const content = createContentService({ db: mongo.connection, logger });
  await content.seed();

  const app = createServiceApp({
    name: 'content',
    router: content.router,
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    security: { https: isHttpsOrigin(config.PUBLIC_ORIGIN) },
    trustProxy: config.NODE_ENV === 'production' ? 1 : undefined,
  });
  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: `${server.url}/api/content` }, 'content service listening');

  stopOnSignals(logger, () => server.close(), () => mongo.stop());
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'content service failed to start');
  process.exit(1);
});
