import { describe, expect, it } from 'vitest';
import { newsletterConfigSchema } from './config';

const base = { PUBLIC_ORIGIN: 'http://localhost:3000' };

describe('newsletter config', () => {
  it('NEWSLETTER_SUBSCRIBES_PER_IP: unset keeps the default, a whole number from 1 raises it, anything else is refused', () => {
    expect(newsletterConfigSchema.parse(base).NEWSLETTER_SUBSCRIBES_PER_IP).toBeUndefined();
    expect(newsletterConfigSchema.parse({ ...base, NEWSLETTER_SUBSCRIBES_PER_IP: '200' }).NEWSLETTER_SUBSCRIBES_PER_IP).toBe(200);
    for (const bad of ['0', '-3', '2.5', 'lots']) {
      expect(newsletterConfigSchema.safeParse({ ...base, NEWSLETTER_SUBSCRIBES_PER_IP: bad }).success, bad).toBe(false);
    }
  });
});
