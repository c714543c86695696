import { describe, expect, it } from 'vitest';
import { acceptNudgeMessage, acceptStoredNudge, isExternalUrl } from './validate';

describe('acceptNudgeMessage (spec 000 §5)', () => {
  it('accepts SHOW_NUDGE and SW_NAVIGATE that carry a url', () => {
    expect(acceptNudgeMessage({ type: 'SHOW_NUDGE', url: '/hall', timestamp: 1 })).toEqual({ type: 'SHOW_NUDGE', url: '/hall' });
    expect(acceptNudgeMessage({ type: 'SW_NAVIGATE', url: 'https://x.example/' })).toEqual({ type: 'SW_NAVIGATE', url: 'https://x.example/' });
  });

  it.each([
    ['no url', { type: 'SHOW_NUDGE' }],
    ['an empty url', { type: 'SW_NAVIGATE', url: '  ' }],
    ['a url that is not text', { type: 'SHOW_NUDGE', url: 42 }],
    ['TEST', { type: 'TEST', url: '/hall' }],
    ['APP_READY', { type: 'APP_READY', url: '/hall' }],
    ['NUDGE_RECEIVED', { type: 'NUDGE_RECEIVED', url: '/hall' }],
    ['text', 'SHOW_NUDGE'],
    ['null', null],
  ])('refuses %s', (_what, data) => {
    expect(acceptNudgeMessage(data)).toBeNull();
  });
});

describe('acceptStoredNudge (spec 000 §3, §5)', () => {
  it('takes the url of an object', () => {
    expect(acceptStoredNudge({ url: '/beer', timestamp: 5 })).toBe('/beer');
  });

  it.each([
    ["the text 'undefined'", { url: 'undefined' }],
    ['no url', {}],
    ['an empty url', { url: '' }],
    ['a plain string', '/beer'],
    ['undefined', undefined],
  ])('ignores %s', (_what, value) => {
    expect(acceptStoredNudge(value)).toBeNull();
  });
});

describe('isExternalUrl (spec 000 §5)', () => {
  it("treats a url starting with 'http' as external, anything else as a route", () => {
    expect(isExternalUrl('https://croftcommon.co.uk/x')).toBe(true);
    expect(isExternalUrl('http://example.com')).toBe(true);
    expect(isExternalUrl('/cafe')).toBe(false);
    expect(isExternalUrl('cafe')).toBe(false);
  });
});
