import { describe, expect, it } from 'vitest';
import type { TextKey, TextVersion } from '@croft/contracts';
import { entryOf, isValidKey, sortEntries, textTarget } from './text-editing';

const k = (content_key: string): TextKey => ({ page: 'cafe', section: 'hero', content_key });

function v(key: TextKey, revision: number, published: boolean, updated: string, publishedAt?: string): TextVersion {
  return {
    id: `${key.content_key}-${revision}`,
    ...key,
    revision,
    content_data: { text: `${key.content_key} r${revision}` },
    published,
    created_by: null,
    updated_at: updated,
    ...(publishedAt ? { published_at: publishedAt, published_by: null } : {}),
  };
}

describe('entryOf', () => {
  it('reads live, draft and head from the versions, highest revision first', () => {
    const key = k('title');
    const versions = [v(key, 4, false, '2025-04-01T00:00:00.000Z'), v(key, 3, false, '2025-03-01T00:00:00.000Z'), v(key, 2, true, '2025-02-01T00:00:00.000Z'), v(key, 1, true, '2025-01-01T00:00:00.000Z')];
    const entry = entryOf(key, versions, null);
    expect(entry).toMatchObject({ ...key, head_revision: 4, draft: { revision: 4 }, live: { revision: 2 }, scheduled: null });
  });

  it('has no draft when the newest version is published, and head 0 with no versions', () => {
    const key = k('title');
    expect(entryOf(key, [v(key, 3, true, '2025-03-01T00:00:00.000Z'), v(key, 2, false, '2025-02-01T00:00:00.000Z')], null)).toMatchObject({
      draft: null,
      live: { revision: 3 },
      head_revision: 3,
    });
    expect(entryOf(key, [], null)).toEqual({ ...key, live: null, draft: null, head_revision: 0, scheduled: null });
  });
});

describe('sortEntries', () => {
  it('puts drafts first, then the newest change first', () => {
    const a = entryOf(k('a'), [v(k('a'), 1, true, '2025-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z')], null);
    const b = entryOf(k('b'), [v(k('b'), 2, false, '2025-02-01T00:00:00.000Z'), v(k('b'), 1, true, '2025-01-01T00:00:00.000Z')], null);
    const c = entryOf(k('c'), [v(k('c'), 2, false, '2025-03-01T00:00:00.000Z'), v(k('c'), 1, true, '2025-01-01T00:00:00.000Z')], null);
    const d = entryOf(k('d'), [v(k('d'), 1, true, '2025-01-01T00:00:00.000Z')], null);
    expect(sortEntries([d, a, b, c]).map((e) => e.content_key)).toEqual(['c', 'b', 'a', 'd']);
  });
});

describe('keys', () => {
  it("names global texts with section 'global' only, and targets texts as page/section/key", () => {
    expect(isValidKey({ page: 'global', section: 'global', content_key: 'tagline' })).toBe(true);
    expect(isValidKey({ page: 'global', section: 'hero', content_key: 'tagline' })).toBe(false);
    expect(isValidKey({ page: 'cafe', section: 'global', content_key: 'x' })).toBe(true);
    expect(textTarget(k('title'))).toBe('cafe/hero/title');
  });
});
