import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { HttpError } from './errors';

export const JSON_BODY_LIMIT = '100kb';

export interface SecurityHeadersOptions {
  /**
   * Adds 'unsafe-inline' to style-src. Needed only if the served HTML carries style attributes
   * or the bundler injects <style> elements at run time; extracted CSS files do not need it.
   */
  inlineStyles?: boolean;
  /** Extra sources for connect-src (e.g. a separate analytics origin). Default: only 'self'. */
  connectSrc?: string[];
  /** Extra sources for img-src beyond 'self' data: blob:. */
  imgSrc?: string[];
  /** Extra sources for script-src beyond 'self' (e.g. remotes served from another origin). */
  scriptSrc?: string[];
  /**
   * Sends `upgrade-insecure-requests` and HSTS. Set it when the site is served over HTTPS
   * (see `isHttpsOrigin`); on plain-http localhost it would break sub-resource loads in Safari.
   */
  https?: boolean;
  /** CSP source hashes ('sha256-…', without quotes) of inline styles the page may use. */
  styleHashes?: string[];
  /** CSP source hashes ('sha256-…', without quotes) of inline scripts the page may run. */
  scriptHashes?: string[];
  /**
   * Who may show the response in a frame: 'none' (the default: nobody) or 'self' (pages of this
   * origin only: the site's HTML, so the staff area's visual editor can frame the site's pages;
   * other sites still cannot). Sets CSP frame-ancestors and the older X-Frame-Options alike.
   */
  framing?: FramingPolicy;
}

export type FramingPolicy = 'none' | 'self';

/** X-Frame-Options for a framing policy (browsers without CSP frame-ancestors read this). */
export const xFrameOptionsFor = (framing: FramingPolicy = 'none') => (framing === 'self' ? 'SAMEORIGIN' : 'DENY');

/** The Content-Security-Policy directives used for the site's HTML (and harmless on JSON). */
export function contentSecurityPolicyDirectives(options: SecurityHeadersOptions = {}): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.scriptSrc ?? []), ...(options.scriptHashes ?? []).map((h) => `'${h}'`)],
    'script-src-attr': ["'none'"],
    'style-src': [
      "'self'",
      ...(options.inlineStyles ? ["'unsafe-inline'"] : []),
      // Hash-allowed inline styles (the prerendered first paint); 'unsafe-hashes' lets the same
      // hashes cover style="" attributes, and only those exact values.
      ...(options.styleHashes?.length ? ["'unsafe-hashes'", ...options.styleHashes.map((h) => `'${h}'`)] : []),
    ],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imgSrc ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.connectSrc ?? [])],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': [options.framing === 'self' ? "'self'" : "'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (options.https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The policy as a header value, e.g. for a `<meta>`-free static host or a test. */
export function contentSecurityPolicyHeader(options: SecurityHeadersOptions = {}): string {
  return Object.entries(contentSecurityPolicyDirectives(options))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export function isHttpsOrigin(origin: string): boolean {
  return origin.startsWith('https://');
}

/**
 * helmet with a real CSP; the gateway uses this for every response, then gives its HTML pages
 * `framing: 'self'` (contentSecurityPolicyHeader + xFrameOptionsFor).
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: options.framing === 'self' ? 'sameorigin' : 'deny' },
  });
}

/** JSON bodies up to 100 kB; larger → 413 payload_too_large, malformed → 400 invalid_json. */
export function jsonBody(limit: string | number = JSON_BODY_LIMIT): RequestHandler {
  return express.json({ limit, strict: true, type: ['application/json', 'application/*+json'] });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for state-changing requests (POST, PUT, PATCH, DELETE):
 * - with an Origin header, it must be one of `allowedOrigins` (normally PUBLIC_ORIGIN);
 *   'null' (sandboxed frames, privacy redirects) is refused;
 * - without Origin, a browser's Sec-Fetch-Site must be 'same-origin' or 'none' (user typed);
 * - with neither header the caller is not a browser (curl, a server), which CSRF cannot use.
 * Refusals are 403 forbidden_origin.
 */
export function originCheck(allowedOrigins: string | string[]): RequestHandler {
  const allowed = new Set((Array.isArray(allowedOrigins) ? allowedOrigins : [allowedOrigins]).map((o) => new URL(o).origin));
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const origin = req.get('origin');
    if (origin !== undefined) {
      if (!allowed.has(origin)) {
        next(new HttpError(403, 'forbidden_origin', 'This request must come from the Croft Common website.'));
        return;
      }
      next();
      return;
    }
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      next(new HttpError(403, 'forbidden_origin', 'This request must come from the Croft Common website.'));
      return;
    }
    next();
  };
}
