import type { Logger } from 'pino';

/**
 * Runs `task` now and then every `intervalMs`, in the background (the timer never keeps the
 * process alive). A failure is logged as a warning and the next run goes ahead. Returns stop.
 */
export function runPeriodically(name: string, task: () => Promise<unknown>, intervalMs: number, logger: Logger): () => void {
  const run = () => {
    task().catch((error: unknown) => {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, `${name} failed`);
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
