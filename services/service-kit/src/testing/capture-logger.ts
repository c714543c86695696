import { pino, type Logger } from 'pino';

/** A logger that keeps its JSON lines in memory, for asserting what was (not) logged. */
export function captureLogger(): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (chunk: string) => void chunks.push(chunk) });
  return {
    logger,
    lines: () => chunks.map((c) => JSON.parse(c) as Record<string, unknown>),
    text: () => chunks.join(''),
  };
}
