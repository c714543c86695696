import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@croft/service-kit';
import { identityConfigSchema } from './config';

describe('identity config', () => {
  it('has development defaults', () => {
    const config = loadConfig(identityConfigSchema, {});
    expect(config.PORT).toBe(3102);
    expect(config.STAFF_DOMAINS).toEqual(['croftcommon.co.uk']);
    expect(config.SECRET_KITCHEN_EMAILS).toEqual([]);
    expect(config.CODE_PEPPER).toBeUndefined();
  });

  it('parses lists and lower-cases addresses', () => {
    const config = loadConfig(identityConfigSchema, {
      STAFF_DOMAINS: 'CroftCommon.co.uk, partner.example',
      SECRET_KITCHEN_EMAILS: 'Chef@Example.com,sous@example.com',
      ADMIN_EMAIL: 'Boss@CroftCommon.co.uk',
    });
    expect(config.STAFF_DOMAINS).toEqual(['croftcommon.co.uk', 'partner.example']);
    expect(config.SECRET_KITCHEN_EMAILS).toEqual(['chef@example.com', 'sous@example.com']);
    expect(config.ADMIN_EMAIL).toBe('boss@croftcommon.co.uk');
  });

  it('names bad variables and requires the secrets in production', () => {
    expect(() => loadConfig(identityConfigSchema, { STAFF_DOMAINS: 'not a domain' })).toThrow(/STAFF_DOMAINS/);
    expect(() => loadConfig(identityConfigSchema, { CODE_PEPPER: 'short' })).toThrow(/CODE_PEPPER/);
    try {
      loadConfig(identityConfigSchema, { NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual(['CODE_PEPPER', 'KEY_ENCRYPTION_SECRET']);
    }
  });
});
