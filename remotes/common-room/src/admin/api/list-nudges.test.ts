import { describe, expect, it } from 'vitest';
import { buildNudge } from '@croft/mocks';
import { NUDGE_LIST_SENDING_POLL_MS, nudgeListQuery } from './list-nudges';

type Interval = (query: { state: { data: ReturnType<typeof buildNudge>[] | undefined } }) => number | false;

describe('the nudge list query', () => {
  it('reads the list again every 5 s only while a nudge is sending', () => {
    const interval = nudgeListQuery().refetchInterval as unknown as Interval;
    expect(interval({ state: { data: undefined } })).toBe(false);
    expect(interval({ state: { data: [buildNudge({ state: 'sent' }), buildNudge({ state: 'scheduled' })] } })).toBe(false);
    expect(interval({ state: { data: [buildNudge({ state: 'sending' })] } })).toBe(NUDGE_LIST_SENDING_POLL_MS);
    expect(NUDGE_LIST_SENDING_POLL_MS).toBe(5_000);
  });
});
