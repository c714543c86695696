import { describe, expect, it } from 'vitest';
import express from 'express';
import request from 'supertest';
import { contentSecurityPolicyHeader, isHttpsOrigin, securityHeaders, xFrameOptionsFor } from './security';

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

  it('lets only this origin frame a response given framing self (the site\'s pages); nobody by default', async () => {
    expect(contentSecurityPolicyHeader({ framing: 'self' })).toContain("frame-ancestors 'self';");
    expect(contentSecurityPolicyHeader({ framing: 'none' })).toContain("frame-ancestors 'none';");
    expect(xFrameOptionsFor('self')).toBe('SAMEORIGIN');
    expect(xFrameOptionsFor()).toBe('DENY');
    const app = express();
    app.get('/page', securityHeaders({ framing: 'self' }), (_req, res) => void res.send('page'));
    app.get('/data', securityHeaders(), (_req, res) => void res.json({}));
    const page = await request(app).get('/page').expect(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const data = await request(app).get('/data').expect(200);
    expect(data.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(data.headers['x-frame-options']).toBe('DENY');
  });
});
