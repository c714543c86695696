import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { composeNudgeRequestSchema, isNudgeUrl, isPushEndpoint, NUDGE_EMAIL_LINK_MESSAGE } from './nudge';

describe('nudge contracts', () => {
  it('a nudge url is an http(s) address or a path on the site, nothing else', () => {
    for (const ok of ['/hall', '/', '/common-room/member?x=1#y', 'https://croftcommon.co.uk/hall', 'http://example.com']) expect(isNudgeUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'hall', '', 'https://user:pw@host/', 'ftp://x/', '/a b', '/a\nb', 'x'.repeat(2001)]) {
      expect(isNudgeUrl(bad), bad).toBe(false);
    }
  });

  it('push endpoints are https (http only on loopback)', () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/a')).toBe(true);
    expect(isPushEndpoint('http://push.example/a')).toBe(false);
    expect(isPushEndpoint('https://u:p@push.example/a')).toBe(false);
    expect(isPushEndpoint('not a url')).toBe(false);
  });

  it('compose refuses unknown fields and operator objects', () => {
    const ok = { title: 'T', body: 'B', url: '/x', audience: { kind: 'everyone' } };
    expect(z.safeParse(composeNudgeRequestSchema, ok).success).toBe(true);
    expect(z.safeParse(composeNudgeRequestSchema, { ...ok, x: 1 }).success).toBe(false);
    expect(z.safeParse(composeNudgeRequestSchema, { ...ok, title: { $ne: 1 } }).success).toBe(false);
    expect(z.safeParse(composeNudgeRequestSchema, { ...ok, audience: { kind: 'email', email: 'a@b.co', extra: 1 } }).success).toBe(false);
  });

  it('spec 001 §8 words, exact', () => {
    expect(NUDGE_EMAIL_LINK_MESSAGE).toBe("You're in! Check your email to complete authentication and link your notifications.");
  });
});
