import express, { type Express, type RequestHandler, type Router } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { apiNotFound, errorHandler } from './errors';
import { requestLogger } from './logger';
import { jsonBody, originCheck, securityHeaders, type SecurityHeadersOptions } from './security';

export interface ServiceAppOptions {
  /** Service name; the router is mounted at `/api/<name>` unless `mountPath` is given. */
  name: string;
  router: Router | RequestHandler;
  logger: Logger;
  mountPath?: string;
  /** PUBLIC_ORIGIN: state-changing requests from any other origin get 403 forbidden_origin. */
  publicOrigin?: string;
  security?: SecurityHeadersOptions;
  /** express `trust proxy` setting, when running behind a reverse proxy. */
  trustProxy?: boolean | number | string;
}

/**
 * An Express 5 app for running one service on its own: security headers, request logging,
 * Origin check, 100 kB JSON bodies, the router, JSON 404s and the error envelope. The gateway
 * composes the same pieces around all routers instead.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.use(securityHeaders(options.security));
  app.use(requestLogger(options.logger));
  if (options.publicOrigin) app.use(originCheck(options.publicOrigin));
  app.use(jsonBody());
  app.use(options.mountPath ?? `/api/${options.name}`, options.router);
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

/** Starts listening (port 0 = any free port) and resolves once the socket is bound. */
export function listen(app: Express, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer(app);
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
