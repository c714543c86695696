import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@croft/service-kit';
import { newsletterConfigSchema } from './config';

describe('newsletter config', () => {
  it('defaults: port 3103, mailto unsubscribe@croftcommon.co.uk, internal route off', () => {
    const config = loadConfig(newsletterConfigSchema, {});
    expect(config.PORT).toBe(3103);
    expect(config.UNSUBSCRIBE_MAILTO).toBe('unsubscribe@croftcommon.co.uk');
    expect(config.INTERNAL_API_TOKEN).toBeUndefined();
  });

  it('refuses a short internal token and a mailto with a query', () => {
    expect(() => loadConfig(newsletterConfigSchema, { INTERNAL_API_TOKEN: 'short', UNSUBSCRIBE_MAILTO: 'a@b.co?x=1' })).toThrowError(
      ConfigError,
    );
    try {
      loadConfig(newsletterConfigSchema, { INTERNAL_API_TOKEN: 'short', UNSUBSCRIBE_MAILTO: 'a@b.co?x=1' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual(['INTERNAL_API_TOKEN', 'UNSUBSCRIBE_MAILTO']);
    }
  });
});
