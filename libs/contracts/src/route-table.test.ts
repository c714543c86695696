import { describe, expect, it } from 'vitest';
import { remoteForPath } from './route-table';

describe('remoteForPath', () => {
  it('finds the owner of exact, nested, parameter and case-variant paths', () => {
    expect(remoteForPath('/')).toBe('site');
    expect(remoteForPath('/Cafe')).toBe('site');
    expect(remoteForPath('/common-good/message')).toBe('site');
    expect(remoteForPath('/common-room')).toBe('common_room');
    expect(remoteForPath('/common-room/member/ledger')).toBe('common_room');
    expect(remoteForPath('/manage-event/abc')).toBe('common_room');
    expect(remoteForPath('/cms/visual/home/hero')).toBe('cms');
    expect(remoteForPath('/admin')).toBe('cms');
    expect(remoteForPath('/beer/')).toBe('site');
  });

  it('returns null for unknown paths and partial matches', () => {
    expect(remoteForPath('/nowhere')).toBeNull();
    expect(remoteForPath('/manage-event')).toBeNull();
    expect(remoteForPath('/manage-event/a/b')).toBeNull();
    expect(remoteForPath('/cafe/extra')).toBeNull();
  });
});
