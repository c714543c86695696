import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@croft/contracts';
import { actionArea, mergeAudit } from './merge';

const at = (hh: number) => `2026-11-20T${String(hh).padStart(2, '0')}:00:00.000Z`;
const ev = (service: string, hh: number, id = `${service}${hh}`): AuditEvent => ({
  id,
  at: at(hh),
  service,
  actor: null,
  action: 'text.published',
  target: 't',
  detail: 'd',
});

describe('mergeAudit', () => {
  it('interleaves every service newest first when all are fully read', () => {
    const merged = mergeAudit([
      { service: 'identity', items: [ev('identity', 9), ev('identity', 3)], more: false },
      { service: 'content', items: [ev('content', 10), ev('content', 5), ev('content', 1)], more: false },
    ]);
    expect(merged.events.map((e) => e.id)).toEqual(['content10', 'identity9', 'content5', 'identity3', 'content1']);
    expect(merged.more).toBe(false);
    expect(merged.waitingFor).toEqual([]);
  });

  it('stops where a service with more pages is known to, and waits for that service', () => {
    const merged = mergeAudit([
      // identity has older pages: known back to 08:00 only
      { service: 'identity', items: [ev('identity', 11), ev('identity', 8)], more: true },
      { service: 'content', items: [ev('content', 10), ev('content', 7), ev('content', 2)], more: false },
    ]);
    // content's 07:00 and 02:00 could have identity events above them on the next page: held back.
    expect(merged.events.map((e) => e.id)).toEqual(['identity11', 'content10', 'identity8']);
    expect(merged.waitingFor).toEqual(['identity']);
    expect(merged.more).toBe(true);
  });

  it('with both paging, waits for the one known the least far back', () => {
    const merged = mergeAudit([
      { service: 'identity', items: [ev('identity', 11), ev('identity', 4)], more: true },
      { service: 'content', items: [ev('content', 10), ev('content', 6)], more: true },
    ]);
    expect(merged.events.map((e) => e.id)).toEqual(['identity11', 'content10', 'content6']);
    expect(merged.waitingFor).toEqual(['content']);
  });

  it('breaks ties in time by service then id, so the order never changes between renders', () => {
    const merged = mergeAudit([
      { service: 'identity', items: [ev('identity', 9, 'b'), ev('identity', 9, 'a')], more: false },
      { service: 'content', items: [ev('content', 9, 'c')], more: false },
    ]);
    expect(merged.events.map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });

  it('reads the area of an action', () => {
    expect(actionArea('role.granted')).toBe('role');
    expect(actionArea('secret_word.retired')).toBe('secret_word');
  });
});
