/**
 * The whole site in one process: `npm start` runs this (through tools/dev/start.ts).
 * Without MONGODB_URI the embedded MongoDB-compatible store starts in-process.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import {
  connectMongo,
  createBlobStoreFromConfig,
  createLogger,
  createMailer,
  listen,
  loadConfigOrExit,
  stopOnSignals,
} from '@croft/service-kit';
import { createContentService } from '@croft/content-service';
import { createNewsletterService } from '@croft/newsletter-service';
import { createIdentityService, identityServiceConfig } from '@croft/identity-service';
import { createVenueService } from '@croft/venue-service';
import { gatewayConfigSchema } from './config';
import { createGatewayApp } from './app';
import { buildRemoteManifest } from './manifest';

const config = loadConfigOrExit(gatewayConfigSchema);
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
const workspaceRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

async function main(): Promise<void> {
  const mongo = await connectMongo({
    uri: config.MONGODB_URI,
    dbName: config.MONGODB_DB,
    embedded: { dataFile: config.EMBEDDED_MONGO_DATA },
    logger,
  });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const newsletter = createNewsletterService({
    db: mongo.connection,
    mailer,
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
  });
  const identity = createIdentityService({
    db: mongo.connection,
    mailer,
    logger,
    config: identityServiceConfig(config),
    // Membership is asked of the newsletter service live, in-process: never stored.
    isActiveSubscriber: (email) => newsletter.isActiveSubscriber(email),
  });
  await identity.seed();
  // Other services verify staff tokens with identity's keys, in-process (no HTTP round trip).
  const content = createContentService({ db: mongo.connection, logger, verifyAccessToken: identity.verifyAccessToken });
  await content.seed();
  const venue = createVenueService({
    db: mongo.connection,
    mailer,
    logger,
    config: { venueEmail: config.VENUE_EMAIL },
    verifyAccessToken: identity.verifyAccessToken,
  });
  await venue.seed();

  // Uploaded files: disk under .data/blobs unless BLOB_STORE=s3. Outside production a missing
  // BLOB_URL_SECRET gets a per-process one (signed URLs then die with the process).
  const blobStore = createBlobStoreFromConfig(config, { defaultDir: resolve(workspaceRoot, '.data/blobs') });
  const blobSecret = config.BLOB_URL_SECRET ?? randomBytes(32).toString('base64url');
  if (!config.BLOB_URL_SECRET) logger.warn('BLOB_URL_SECRET is not set: signed blob URLs last only until this process stops');

  const app = createGatewayApp({
    logger,
    publicOrigin: config.PUBLIC_ORIGIN,
    staticDir: config.STATIC_DIR ? resolve(config.STATIC_DIR) : resolve(workspaceRoot, 'dist'),
    manifest: buildRemoteManifest(config),
    services: { content: content.router, newsletter: newsletter.router, identity: identity.router, venue: venue.router },
    secretKitchensHost: config.SECRET_KITCHENS_HOST,
    trustProxy: config.TRUST_PROXY,
    blobs: { store: blobStore, secret: blobSecret },
  });
  const server = await listen(app, config.PORT, config.HOST);
  logger.info({ url: server.url, embeddedStore: mongo.embedded, blobStore: blobStore.kind }, 'Croft Common is open');

  stopOnSignals(logger, () => server.close(), async () => venue.close(), async () => newsletter.close(), () => mongo.stop(), async () => mailer.close());
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'gateway failed to start');
  process.exit(1);
});
