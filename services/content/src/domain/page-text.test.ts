import { describe, expect, it } from 'vitest';
import type { CmsContentRow, CmsGlobalContentRow } from '@croft/contracts';
import { visibleGlobalText, visiblePageText } from './page-text';

function row(id: string, section: string, key: string, text: string, updated: string, published = true, revision = 0): CmsContentRow & { revision: number } {
  return {
    revision,
    id,
    page: 'home',
    section,
    content_key: key,
    content_type: 'text',
    content_data: { text },
    published,
    created_by: null,
    updated_at: updated,
  };
}

describe('visiblePageText', () => {
  it('keeps one published row per (section, key), the newest winning, ordered by section then key', () => {
    const rows = [
      row('a1', 'hero', 'title', 'old', '2025-01-01T00:00:00.000Z'),
      row('a2', 'hero', 'title', 'new', '2025-03-01T00:00:00.000Z'),
      row('a3', 'hero', 'title', 'draft', '2025-05-01T00:00:00.000Z', false),
      row('b1', 'about', 'body', 'body', '2025-01-01T00:00:00.000Z'),
      row('c1', 'hero', 'subtitle', 'sub', '2025-01-01T00:00:00.000Z'),
      row('d1', 'details', 'body', 'only a draft', '2025-01-01T00:00:00.000Z', false),
    ];
    expect(visiblePageText(rows).map((r) => `${r.section}.${r.content_key}=${r.content_data.text}`)).toEqual([
      'about.body=body',
      'hero.subtitle=sub',
      'hero.title=new',
    ]);
    // Input order does not matter.
    expect(visiblePageText([...rows].reverse())).toEqual(visiblePageText(rows));
  });

  it('lets the highest revision win whatever the dates, never a draft, and answers rows without the revision', () => {
    const rows = [
      row('r2', 'hero', 'title', 'revision 2', '2025-06-01T00:00:00.000Z', true, 2),
      row('r3', 'hero', 'title', 'revision 3', '2025-01-01T00:00:00.000Z', true, 3),
      row('r4', 'hero', 'title', 'draft 4', '2025-07-01T00:00:00.000Z', false, 4),
    ];
    const out = visiblePageText(rows);
    expect(out.map((r) => r.content_data.text)).toEqual(['revision 3']);
    expect(out[0]).not.toHaveProperty('revision');
  });

  it('breaks a tie on updated_at by the later id', () => {
    const rows = [row('0002', 'hero', 'title', 'second', '2025-01-01T00:00:00.000Z'), row('0001', 'hero', 'title', 'first', '2025-01-01T00:00:00.000Z')];
    expect(visiblePageText(rows).map((r) => r.content_data.text)).toEqual(['second']);
  });
});

describe('visibleGlobalText', () => {
  it('keeps the newest published row per key', () => {
    const g = (id: string, key: string, value: string, updated: string, published = true): CmsGlobalContentRow & { revision: number } => ({
      revision: 0,
      id, content_key: key, content_type: 'text', content_value: value, content_data: null, published, created_by: null, updated_at: updated,
    });
    const out = visibleGlobalText([
      g('1', 'tagline', 'a', '2025-01-01T00:00:00.000Z'),
      g('2', 'tagline', 'b', '2025-02-01T00:00:00.000Z'),
      g('3', 'brand_name', 'draft', '2025-03-01T00:00:00.000Z', false),
    ]);
    expect(out.map((r) => [r.content_key, r.content_value])).toEqual([['tagline', 'b']]);
  });
});
