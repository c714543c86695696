import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNudge } from '@croft/mocks';
import { NUDGE_LIST_SCHEDULED_MAX_WAIT_MS, NUDGE_LIST_SENDING_POLL_MS, nudgeListQuery, nudgeListReadAgainIn } from './list-nudges';

type Interval = (query: { state: { data: ReturnType<typeof buildNudge>[] | undefined } }) => number | false;

const NOW = Date.parse('2026-11-28T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

afterEach(() => {
  vi.useRealTimers();
});

describe('the nudge list query', () => {
  it('reads the list again every 5 s while a nudge is sending, and never when nothing can change by itself', () => {
    expect(nudgeListReadAgainIn(undefined, NOW)).toBe(false);
    expect(nudgeListReadAgainIn([buildNudge({ state: 'sent' }), buildNudge({ state: 'cancelled' })], NOW)).toBe(false);
    expect(nudgeListReadAgainIn([buildNudge({ state: 'sent' }), buildNudge({ state: 'sending' })], NOW)).toBe(NUDGE_LIST_SENDING_POLL_MS);
    expect(NUDGE_LIST_SENDING_POLL_MS).toBe(5_000);
  });

  it('reads it every 5 s while a nudge is due and not yet taken up by the sender ("Send nudge now")', () => {
    // The list was read between the compose and the sender's first look: without this the staff
    // member saw "Scheduled … 0 sent" for good (CI's e2e run on e4b8fcc).
    expect(nudgeListReadAgainIn([buildNudge({ state: 'scheduled', send_at: at(0) })], NOW)).toBe(NUDGE_LIST_SENDING_POLL_MS);
    expect(nudgeListReadAgainIn([buildNudge({ state: 'scheduled', send_at: at(-60_000) })], NOW)).toBe(NUDGE_LIST_SENDING_POLL_MS);
  });

  it('reads it at the next scheduled time, at most an hour ahead', () => {
    const later = [buildNudge({ state: 'scheduled', send_at: at(40 * 60_000) }), buildNudge({ state: 'scheduled', send_at: at(10 * 60_000) })];
    expect(nudgeListReadAgainIn(later, NOW)).toBe(10 * 60_000);
    expect(nudgeListReadAgainIn([buildNudge({ state: 'scheduled', send_at: at(2_000) })], NOW)).toBe(NUDGE_LIST_SENDING_POLL_MS);
    expect(nudgeListReadAgainIn([buildNudge({ state: 'scheduled', send_at: at(7 * 24 * 3_600_000) })], NOW)).toBe(NUDGE_LIST_SCHEDULED_MAX_WAIT_MS);
    expect(NUDGE_LIST_SCHEDULED_MAX_WAIT_MS).toBe(3_600_000);
  });

  it('asks with the clock of the moment', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const interval = nudgeListQuery().refetchInterval as unknown as Interval;
    expect(interval({ state: { data: [buildNudge({ state: 'scheduled', send_at: at(30 * 60_000) })] } })).toBe(30 * 60_000);
    vi.setSystemTime(NOW + 31 * 60_000);
    expect(interval({ state: { data: [buildNudge({ state: 'scheduled', send_at: at(30 * 60_000) })] } })).toBe(NUDGE_LIST_SENDING_POLL_MS);
  });
});
