import { describe, expect, it } from 'vitest';
import { analyticsBatchSchema, analyticsPageEndSchema, analyticsTableQuerySchema, ANALYTICS_BATCH_MAX } from './analytics';

const SESSION = 'a1b2c3d4e5f6a7b8c9d0';
const view = { type: 'page_view', at: 1_790_000_000_000, view_id: 'v1v2v3v4v5v6v7v8v9', page_path: '/cafe', page_title: 'Cafe', referrer: '' };
const press = { type: 'interaction', at: 1_790_000_000_000, page_path: '/cafe', interaction_type: 'click', element_id: 'open', element_class: 'btn', element_text: 'OPEN', coordinates: { x: 10, y: 20 } };

describe('analytics contracts', () => {
  it('take a batch of the spec’s events', () => {
    expect(analyticsBatchSchema.safeParse({ session_id: SESSION, events: [view, press, { type: 'session_end', at: 1 }] }).success).toBe(true);
  });

  it('refuse unknown fields, operator objects, wrong types, long text, foreign paths and oversized batches', () => {
    const bad = [
      { session_id: SESSION, events: [{ ...view, extra: 1 }] },
      { session_id: { $ne: 1 }, events: [view] },
      { session_id: SESSION, events: [{ ...view, page_path: { $gt: '' } }] },
      { session_id: SESSION, events: [{ ...view, at: '2026-11-27' }] },
      { session_id: SESSION, events: [{ ...press, element_text: 'x'.repeat(101) }] },
      { session_id: SESSION, events: [{ ...view, page_path: 'https://evil.example/' }] },
      { session_id: SESSION, events: [{ ...view, page_path: '//evil.example/' }] },
      { session_id: SESSION, events: [{ ...view, type: 'purchase' }] },
      { session_id: SESSION, events: [] },
      { session_id: SESSION, events: Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => view) },
      { session_id: 'short', events: [view] },
      { session_id: SESSION, events: [{ ...press, additional_data: { ok: { $ne: 1 } } }] },
    ];
    for (const body of bad) expect(analyticsBatchSchema.safeParse(body).success, JSON.stringify(body).slice(0, 120)).toBe(false);
  });

  it('the page-end beacon has the spec’s four fields (viewId optional)', () => {
    expect(analyticsPageEndSchema.safeParse({ sessionId: SESSION, pagePath: '/beer', timeSpent: 12, scrollDepth: 80 }).success).toBe(true);
    expect(analyticsPageEndSchema.safeParse({ sessionId: SESSION, pagePath: '/beer', timeSpent: 12, scrollDepth: 101 }).success).toBe(false);
    expect(analyticsPageEndSchema.safeParse({ sessionId: SESSION, pagePath: '/beer', timeSpent: -1, scrollDepth: 1 }).success).toBe(false);
  });

  it('table queries take days and a bounded page size', () => {
    expect(analyticsTableQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-27', limit: '50' }).success).toBe(true);
    expect(analyticsTableQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-27', limit: '500' }).success).toBe(false);
    expect(analyticsTableQuerySchema.safeParse({ from: '1 Nov', to: '2026-11-27' }).success).toBe(false);
  });
});
