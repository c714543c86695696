import express, { type Express, type RequestHandler, type Router } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { TrustProxySetting } from './config';
import { apiNotFound, errorHandler } from './errors';
import { requestLogger } from './logger';
import { securityHeaders, type SecurityHeadersOptions } from './security';
import { serviceApi, type MountedService } from './service-api';
import type { PublicWritePath } from './service-module';

interface ServiceAppCommonOptions {
  logger: Logger;
  /** PUBLIC_ORIGIN: state-changing requests from any other origin get 403 forbidden_origin. */
  publicOrigin?: string;
  security?: SecurityHeadersOptions;
  /**
   * Which reverse proxies' X-Forwarded-For to believe (TRUST_PROXY, see `TrustProxySetting`).
   * Default: none, so req.ip is the TCP peer and the header cannot be spoofed. Tests may pass
   * `true` to act from several addresses; never do that in a deployment.
   */
  trustProxy?: TrustProxySetting | true | string;
}

export type ServiceAppOptions = ServiceAppCommonOptions &
  (
    | {
        /** Service name; the router is mounted at `/api/<name>`. */
        name: string;
        router: Router | RequestHandler;
        /** Writes under the router that the Origin check lets through (see PublicWritePath). */
        publicWritePaths?: readonly PublicWritePath[];
      }
    | {
        /** Several services, each at /api/<name> (what `composeServices` gives). */
        services: readonly MountedService[];
      }
  );

/**
 * Sets Express's `trust proxy` (default false: trust nobody) the same way for the gateway and a
 * standalone service. With trust off, the first request that carries X-Forwarded-For is logged
 * once at warn level: it usually means a proxy is in front and TRUST_PROXY should be set, or
 * every visitor shares the proxy's address (and its rate-limit budget).
 */
export function applyTrustProxy(app: Express, setting: ServiceAppOptions['trustProxy'], logger: Logger): void {
  const trust = setting ?? false;
  app.set('trust proxy', trust);
  if (trust !== false) return;
  let warned = false;
  app.use((req, _res, next) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      logger.warn(
        'a request carried X-Forwarded-For but TRUST_PROXY is not set, so the header is ignored and client ' +
          'addresses are those of the connecting peer; behind a reverse proxy set TRUST_PROXY (e.g. 1 or loopback)',
      );
    }
    next();
  });
}

/**
 * An Express 5 app for running services on their own (a standalone main, tests): trust proxy,
 * security headers, then `serviceApi` at /api (request log, Origin check with the services' public
 * write paths exempt, 100 kB JSON bodies, the routers, JSON 404s) and the error envelope. The
 * gateway mounts the same `serviceApi` among its static files.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  applyTrustProxy(app, options.trustProxy, options.logger);
  app.use(securityHeaders(options.security));
  const services: readonly MountedService[] =
    'services' in options
      ? options.services
      : [{ name: options.name, router: options.router, publicWritePaths: options.publicWritePaths ?? [] }];
  app.use('/api', serviceApi({ services, allowedOrigins: options.publicOrigin ? [options.publicOrigin] : undefined, logger: options.logger }));
  app.use(requestLogger(options.logger));
  app.use(apiNotFound());
  app.use(errorHandler(options.logger));
  return app;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** e.g. http://127.0.0.1:3101 */
  url: string;
  close(): Promise<void>;
}

/**
 * How long an idle kept-alive connection stays open. Node's default is 5 s, no longer than its
 * clients keep an idle socket (Node's global agent: 5 s; Playwright's request API reused one after
 * 6.5 s in an e2e run and got ECONNRESET: the server had just closed it). Kept longer than the
 * clients keep theirs, the client closes first and never sends on a socket being closed.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Keeps the server's idle kept-alive connections KEEP_ALIVE_TIMEOUT_MS (every server we start). */
export function keepIdleConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A request's headers must be allowed to arrive for longer than an idle socket is kept.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

/** Starts listening (port 0 = any free port) and resolves once the socket is bound. */
export function listen(app: Express, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  const server = keepIdleConnections(createServer(app));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const bound = (server.address() as AddressInfo).port;
      resolve({
        server,
        port: bound,
        url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeIdleConnections();
          }),
      });
    });
  });
}

/**
 * For main files: on SIGINT or SIGTERM, log once, run each closer in order (server first, then
 * the database, so in-flight requests finish and the embedded store saves its snapshot), exit 0.
 */
export function stopOnSignals(logger: Logger, ...closers: (() => Promise<void>)[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const close of closers) {
      await close().catch((err: unknown) => logger.error({ err }, 'error while shutting down'));
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
