import { describe, expect, it } from 'vitest';
import { manualClock } from '@croft/service-kit';
import { createReadCache } from './read-cache';

function counter() {
  let calls = 0;
  let fail = false;
  return {
    calls: () => calls,
    failNext: () => {
      fail = true;
    },
    load: async (key: string) => {
      calls += 1;
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      await new Promise((r) => setTimeout(r, 1));
      return { key, n: calls };
    },
  };
}

describe('createReadCache', () => {
  it('shares one load between concurrent misses and keeps the value until the TTL passes', async () => {
    const clock = manualClock();
    const source = counter();
    const cache = createReadCache({ load: source.load, clock, ttlMs: 5000 });
    const [a, b] = await Promise.all([cache.get('home'), cache.get('home')]);
    expect(a).toBe(b);
    expect(source.calls()).toBe(1);
    clock.advance(4999);
    expect(await cache.get('home')).toBe(a);
    clock.advance(1);
    expect(await cache.get('home')).not.toBe(a);
    expect(source.calls()).toBe(2);
    await cache.get('cafe');
    expect(source.calls()).toBe(3);
  });

  it('never caches a failure, honours invalidation and can be turned off', async () => {
    const clock = manualClock();
    const source = counter();
    const cache = createReadCache({ load: source.load, clock });
    source.failNext();
    await expect(cache.get('home')).rejects.toThrow('down');
    const value = await cache.get('home');
    cache.invalidate('home');
    expect(await cache.get('home')).not.toBe(value);
    cache.invalidate();
    const calls = source.calls();
    await cache.get('home');
    expect(source.calls()).toBe(calls + 1);

    const off = createReadCache({ load: source.load, clock, ttlMs: 0 });
    expect(await off.get('x')).not.toBe(await off.get('x'));
  });
});
