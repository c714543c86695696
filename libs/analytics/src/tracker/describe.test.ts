import { describe, expect, it } from 'vitest';
import { ANALYTICS_TEXT_MAX } from '@croft/contracts';
import { cleanPath, cleanReferrer, cleanText, cut, describeEnvironment, randomId } from './describe';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('describeEnvironment', () => {
  it('names the browser, OS and device type from the user agent', () => {
    expect(describeEnvironment(UA.iphone, 5, 390)).toEqual({ browser: 'Safari', os: 'iOS', device_type: 'mobile' });
    expect(describeEnvironment(UA.ipadDesktop, 5, 1024)).toEqual({ browser: 'Safari', os: 'iOS', device_type: 'tablet' });
    expect(describeEnvironment(UA.ipadDesktop, 0, 1440)).toEqual({ browser: 'Safari', os: 'macOS', device_type: 'desktop' });
    expect(describeEnvironment(UA.androidPhone, 5, 412)).toEqual({ browser: 'Chrome', os: 'Android', device_type: 'mobile' });
    expect(describeEnvironment(UA.androidTablet, 5, 1280)).toEqual({ browser: 'Chrome', os: 'Android', device_type: 'tablet' });
    expect(describeEnvironment(UA.samsung, 5, 412)).toMatchObject({ browser: 'Samsung Internet', device_type: 'mobile' });
    expect(describeEnvironment(UA.edge, 0, 1920)).toEqual({ browser: 'Edge', os: 'Windows', device_type: 'desktop' });
    expect(describeEnvironment(UA.firefoxMac, 0, 1440)).toEqual({ browser: 'Firefox', os: 'macOS', device_type: 'desktop' });
    expect(describeEnvironment(UA.chromeLinux, 0, 1280)).toEqual({ browser: 'Chrome', os: 'Linux', device_type: 'desktop' });
  });

  it('falls back to the viewport: a narrow touch screen is mobile; an unknown agent is Other', () => {
    expect(describeEnvironment('SomeBrowser/1.0', 2, 360)).toEqual({ browser: 'Other', os: 'Other', device_type: 'mobile' });
    expect(describeEnvironment('SomeBrowser/1.0', 0, 360)).toMatchObject({ device_type: 'desktop' });
  });
});

describe('cleaning', () => {
  it('paths lose their query string and hash, keep one leading slash and no whitespace', () => {
    expect(cleanPath('/cinema?token=abc#seat')).toBe('/cinema');
    expect(cleanPath('//evil.example/x')).toBe('/evil.example/x');
    expect(cleanPath('/a b')).toBe('/a%20b');
    expect(cleanPath('/' + 'x'.repeat(400))).toHaveLength(300);
  });

  it('referrers lose query and hash; this site’s become paths; other schemes are dropped', () => {
    const origin = 'https://croftcommon.co.uk';
    expect(cleanReferrer('https://www.google.com/search?q=croft', origin)).toBe('https://www.google.com/search');
    expect(cleanReferrer('https://croftcommon.co.uk/cafe?x=1#y', origin)).toBe('/cafe');
    expect(cleanReferrer('android-app://com.google.android.gm/', origin)).toBe('');
    expect(cleanReferrer('', origin)).toBe('');
  });

  it('text: whitespace collapsed and trimmed, cut at 100, never half a character', () => {
    expect(cleanText('  Book\n\n a   table  ', ANALYTICS_TEXT_MAX)).toBe('Book a table');
    expect(cleanText('y'.repeat(150), ANALYTICS_TEXT_MAX)).toBe('y'.repeat(100));
    expect(cut(`${'a'.repeat(99)}😀`, 100)).toBe('a'.repeat(99));
    expect(cleanText('Mail ada@example.com or call 07700 900123', 100)).toBe('Mail [email] or call [number]');
  });

  it('ids are random and fit the contract', () => {
    const a = randomId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(randomId()).not.toBe(a);
  });
});
