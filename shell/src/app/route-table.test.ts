import { describe, expect, it } from 'vitest';
import { KNOWN_FIRST_SEGMENTS, REMOTE_ROUTES, lowerCaseRedirect } from './route-table';

describe('route table', () => {
  it('maps every route of the spec to exactly one remote', () => {
    const paths = REMOTE_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ['/', '/cafe', '/book', '/common-good/message', '/croft-common-datetime']) {
      expect(REMOTE_ROUTES.find((r) => r.path === path)?.remote).toBe('site');
    }
    for (const path of ['/common-room/*', '/profile', '/check-in', '/calendar', '/manage-event/:token', '/notifications', '/secretkitchens', '/secretkitchenadmin']) {
      expect(REMOTE_ROUTES.find((r) => r.path === path)?.remote).toBe('common_room');
    }
    expect(REMOTE_ROUTES.filter((r) => r.remote === 'cms').map((r) => r.path)).toEqual(['/cms/*', '/admin/*']);
    // loyalty and cinema own no routes: the site opens their dialogs at run time.
    expect(REMOTE_ROUTES.some((r) => r.remote === 'loyalty' || r.remote === 'cinema')).toBe(false);
  });

  it('knows first segments but not parameters', () => {
    expect(KNOWN_FIRST_SEGMENTS.has('cafe')).toBe(true);
    expect(KNOWN_FIRST_SEGMENTS.has('manage-event')).toBe(true);
    expect(KNOWN_FIRST_SEGMENTS.has(':token')).toBe(false);
    expect(KNOWN_FIRST_SEGMENTS.has('')).toBe(false);
  });
});

describe('lowerCaseRedirect', () => {
  it('lower-cases a known first segment and keeps the rest', () => {
    expect(lowerCaseRedirect('/Cafe')).toBe('/cafe');
    expect(lowerCaseRedirect('/COMMON-ROOM/Member')).toBe('/common-room/Member');
    expect(lowerCaseRedirect('/Manage-Event/AbC')).toBe('/manage-event/AbC');
  });

  it('leaves lower-case, unknown and root paths alone', () => {
    expect(lowerCaseRedirect('/cafe')).toBeNull();
    expect(lowerCaseRedirect('/Nowhere')).toBeNull();
    expect(lowerCaseRedirect('/')).toBeNull();
    expect(lowerCaseRedirect('/CroftCommonDateTime')).toBeNull();
  });
});
