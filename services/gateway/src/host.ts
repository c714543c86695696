import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyServiceModule, CompositionHost } from '@croft/service-kit';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { buildRemoteManifest } from './manifest';
import { GATEWAY_MODULES } from './modules';

const workspaceRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

/**
 * The gateway as a composition host: every module of GATEWAY_MODULES composed in one process (the
 * service kit's composeServices, the same code a standalone service runs), the built site, the
 * runtime manifest and signed blob URLs around the services' API.
 */
export function gatewayHost(options: { modules?: readonly AnyServiceModule[] } = {}): CompositionHost<typeof gatewayConfigSchema> {
  return {
    name: 'gateway',
    configSchema: gatewayConfigSchema,
    modules: options.modules ?? GATEWAY_MODULES,
    createApp({ config, logger, composed }) {
      // Uploaded files: the composition's one BlobStore (disk under .data/blobs unless BLOB_STORE=s3),
      // the same the modules write to, and the key they sign /blobs URLs with. Outside production
      // a missing BLOB_URL_SECRET gets a per-process one (signed URLs then die with the process,
      // and another instance does not accept them: set it when running several).
      if (!config.BLOB_URL_SECRET) logger.warn('BLOB_URL_SECRET is not set: signed blob URLs last only until this process stops');
      return createGatewayApp({
        logger,
        publicOrigin: config.PUBLIC_ORIGIN,
        staticDir: config.STATIC_DIR ? resolve(config.STATIC_DIR) : resolve(workspaceRoot, 'dist'),
        manifest: buildRemoteManifest(config),
        services: composed.services,
        secretKitchensHost: config.SECRET_KITCHENS_HOST,
        trustProxy: config.TRUST_PROXY,
        blobs: { store: composed.blobs, secret: composed.blobUrlSecret },
      });
    },
    started({ server, logger, mongo, composed }) {
      logger.info({ url: server.url, embeddedStore: mongo.embedded, services: composed.services.map((s) => s.name) }, 'Croft Common is open');
    },
  };
}
