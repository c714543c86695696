// Small pure helpers of the tracker: what a path, a referrer, an element or a browser looks like in
// an event. Nothing here reads typed values or query strings.
import type { AnalyticsDeviceType } from '@croft/contracts/analytics-routes';

/** At most `max` UTF-16 units (the contracts' limit), never ending in half a surrogate pair. */
export function cut(value: string, max: number): string {
  const s = value.slice(0, max);
  return /[\ud800-\udbff]$/.test(s) ? s.slice(0, -1) : s;
}

/** Whitespace collapsed, trimmed; e-mail addresses and long digit runs (codes, phone numbers) masked; then cut. */
export function cleanText(value: string, max: number): string {
  return cut(
    value
      .replace(/\S+@\S+/g, '[email]')
      .replace(/\d[\d\s-]{4,}\d/g, '[number]')
      .replace(/\s+/g, ' ')
      .trim(),
    max,
  );
}

/** A site path without query string or hash: one leading '/', no whitespace, at most `max` characters. */
export function cleanPath(value: string, max = 300): string {
  return cut(`/${value.split(/[?#]/)[0].replace(/^\/+/, '').replace(/\s/g, '%20')}`, max);
}

/** document.referrer without query or hash: a path for this site, origin and path for others, '' otherwise. */
export function cleanReferrer(value: string, origin: string): string {
  try {
    const url = new URL(value);
    if (url.origin === origin) return cleanPath(url.pathname);
    return /^https?:$/.test(url.protocol) ? cut(url.origin + url.pathname, 500) : '';
  } catch {
    return '';
  }
}

/** A random id for the session or a page view (letters, digits and '-', 32 or 36 long). */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Environment {
  browser: string;
  os: string;
  device_type: AnalyticsDeviceType;
}

const first = (ua: string, rules: [RegExp, string][]): string => rules.find(([re]) => re.test(ua))?.[1] ?? 'Other';

/** Browser, OS and device type from the user agent (an iPad asking for the desktop site has touch), else the viewport. */
export function describeEnvironment(ua: string, touchPoints: number, viewportWidth: number): Environment {
  const iPadDesktop = /Macintosh/.test(ua) && touchPoints > 1;
  const browser = first(ua, [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/Firefox|FxiOS/, 'Firefox'],
    [/Chrome|CriOS|Chromium/, 'Chrome'],
    [/Safari/, 'Safari'],
  ]);
  const os = iPadDesktop
    ? 'iOS'
    : first(ua, [
        [/iPhone|iPad|iPod/, 'iOS'],
        [/Android/, 'Android'],
        [/Windows/, 'Windows'],
        [/CrOS/, 'ChromeOS'],
        [/Mac OS X|Macintosh/, 'macOS'],
        [/Linux/, 'Linux'],
      ]);
  const device_type: AnalyticsDeviceType =
    iPadDesktop || /iPad|Tablet|PlayBook|Silk/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))
      ? 'tablet'
      : /Mobi|iPhone|iPod|Android/.test(ua) || (touchPoints > 0 && viewportWidth < 768)
        ? 'mobile'
        : 'desktop';
  return { browser, os, device_type };
}
