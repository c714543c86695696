import { pino, type Logger, type LevelWithSilent } from 'pino';
import type { RequestHandler } from 'express';

export type { Logger } from 'pino';

/**
 * Structured JSON logs on stdout. Credentials are redacted wherever they might be attached to
 * a log object; request logging below never attaches bodies, cookies or headers in the first place.
 */
export function createLogger(options: { name: string; level?: LevelWithSilent }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        'token',
      ],
      censor: '[redacted]',
    },
  });
}

/** A logger that writes nothing, for tests. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/**
 * One line per request: method, path (no query string: it may hold tokens), status and
 * duration in milliseconds. 5xx at error level, 4xx at warn level, the rest at info.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info') && !logger.isLevelEnabled('warn')) {
      next();
      return;
    }
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const entry = {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) logger.error(entry, 'request');
      else if (res.statusCode >= 400) logger.warn(entry, 'request');
      else logger.info(entry, 'request');
    });
    next();
  };
}
