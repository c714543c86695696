import { describe, expect, it } from 'vitest';
import { contentSecurityPolicyHeader, isHttpsOrigin } from './security';

describe('content security policy', () => {
  it('is strict by default', () => {
    expect(contentSecurityPolicyHeader()).toBe(
      "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self'; img-src 'self' data: blob:; " +
        "font-src 'self'; connect-src 'self'; media-src 'self' blob:; worker-src 'self'; manifest-src 'self'; " +
        "frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
  });

  it('adds inline styles, extra sources and the HTTPS upgrade only when asked', () => {
    const header = contentSecurityPolicyHeader({ inlineStyles: true, https: true, connectSrc: ['https://a.example'] });
    expect(header).toContain("style-src 'self' 'unsafe-inline'");
    expect(header).toContain("connect-src 'self' https://a.example");
    expect(header).toContain('upgrade-insecure-requests');
    expect(isHttpsOrigin('https://croftcommon.co.uk')).toBe(true);
    expect(isHttpsOrigin('http://localhost:3000')).toBe(false);
  });
});
