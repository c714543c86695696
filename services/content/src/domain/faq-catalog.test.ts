import { describe, expect, it } from 'vitest';
import type { FaqRow, PageKey } from '@croft/contracts';
import { manualClock } from '@croft/service-kit';
import { createFaqCatalog } from './faq-catalog';

function row(page: PageKey, question: string): FaqRow {
  return { id: question, page, question, answer: 'a', sort_order: 10, published: true };
}

function fakeSource() {
  const calls: PageKey[] = [];
  const data = new Map<PageKey, FaqRow[]>([['home', [row('home', 'Q1')]]]);
  let failNext = false;
  return {
    calls,
    data,
    failOnce: () => {
      failNext = true;
    },
    source: {
      async findPublished(page: PageKey) {
        calls.push(page);
        if (failNext) {
          failNext = false;
          throw new Error('db down');
        }
        const snapshot = [...(data.get(page) ?? [])];
        await new Promise<void>((r) => setTimeout(r, 1));
        return snapshot;
      },
    },
  };
}

describe('createFaqCatalog', () => {
  it('serves a page from cache until the TTL passes', async () => {
    const clock = manualClock();
    const fake = fakeSource();
    const catalog = createFaqCatalog({ source: fake.source, clock, ttlMs: 5000 });
    expect(await catalog.listPublished('home')).toEqual([row('home', 'Q1')]);
    fake.data.set('home', [row('home', 'Q2')]);
    clock.advance(4999);
    expect(await catalog.listPublished('home')).toEqual([row('home', 'Q1')]);
    expect(fake.calls).toEqual(['home']);
    clock.advance(1);
    expect(await catalog.listPublished('home')).toEqual([row('home', 'Q2')]);
    expect(fake.calls).toEqual(['home', 'home']);
  });

  it('keeps pages apart and shares one query between concurrent misses', async () => {
    const fake = fakeSource();
    const catalog = createFaqCatalog({ source: fake.source, clock: manualClock() });
    const results = await Promise.all([
      catalog.listPublished('home'),
      catalog.listPublished('home'),
      catalog.listPublished('cafe'),
      catalog.listPublished('home'),
    ]);
    expect(results.map((r) => r.length)).toEqual([1, 1, 0, 1]);
    expect(fake.calls.sort()).toEqual(['cafe', 'home']);
  });

  it('drops the cache on invalidate, for one page or all', async () => {
    const fake = fakeSource();
    const catalog = createFaqCatalog({ source: fake.source, clock: manualClock() });
    await catalog.listPublished('home');
    await catalog.listPublished('cafe');
    fake.data.set('home', [row('home', 'New')]);
    catalog.invalidate('home');
    expect((await catalog.listPublished('home'))[0].question).toBe('New');
    expect(fake.calls).toEqual(['home', 'cafe', 'home']);
    catalog.invalidate();
    await catalog.listPublished('cafe');
    expect(fake.calls).toEqual(['home', 'cafe', 'home', 'cafe']);
  });

  it('does not keep a read that was in flight when a write invalidated the cache', async () => {
    const fake = fakeSource();
    const catalog = createFaqCatalog({ source: fake.source, clock: manualClock() });
    const inFlight = catalog.listPublished('home');
    catalog.invalidate();
    await inFlight;
    await catalog.listPublished('home');
    expect(fake.calls).toEqual(['home', 'home']);
  });

  it('never caches a failure', async () => {
    const fake = fakeSource();
    fake.failOnce();
    const catalog = createFaqCatalog({ source: fake.source, clock: manualClock() });
    await expect(catalog.listPublished('home')).rejects.toThrow('db down');
    expect(await catalog.listPublished('home')).toEqual([row('home', 'Q1')]);
  });

  it('queries every time with ttlMs 0', async () => {
    const fake = fakeSource();
    const catalog = createFaqCatalog({ source: fake.source, clock: manualClock(), ttlMs: 0 });
    await catalog.listPublished('home');
    await catalog.listPublished('home');
    expect(fake.calls).toEqual(['home', 'home']);
  });
});
