import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic';
import { silentLogger } from './logger';

describe('runPeriodically', () => {
  afterEach(() => vi.useRealTimers());

  it('runs now and then every interval until stopped; a failure is logged and the next run goes ahead', async () => {
    vi.useFakeTimers();
    const logger = silentLogger();
    const warn = vi.spyOn(logger, 'warn');
    let calls = 0;
    const task = vi.fn(async () => {
      calls += 1;
      if (calls === 2) throw new Error('store down');
    });
    const stop = runPeriodically('sweep', task, 1000, logger);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ err: 'store down' }, 'sweep failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(3);
  });
});
