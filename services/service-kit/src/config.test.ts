import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, baseConfigSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults when nothing is set', () => {
    const config = loadConfig(baseConfigSchema(3101), {});
    expect(config).toEqual({
      PORT: 3101,
      PUBLIC_ORIGIN: 'http://localhost:3000',
      MONGODB_DB: 'croft',
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Croft Common <hello@croftcommon.local>',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      TRUST_PROXY: false,
    });
    expect(config.MONGODB_URI).toBeUndefined();
  });

  it('reads and converts the given values, treating empty strings as unset', () => {
    const config = loadConfig(baseConfigSchema(3101), {
      PORT: '8080',
      PUBLIC_ORIGIN: 'https://croftcommon.co.uk/',
      MONGODB_URI: 'mongodb://db.internal:27017/?replicaSet=rs0',
      MONGODB_DB: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      UNRELATED: 'ignored',
    });
    expect(config.PORT).toBe(8080);
    expect(config.PUBLIC_ORIGIN).toBe('https://croftcommon.co.uk');
    expect(config.MONGODB_URI).toBe('mongodb://db.internal:27017/?replicaSet=rs0');
    expect(config.MONGODB_DB).toBe('croft');
    expect(config.LOG_LEVEL).toBe('warn');
    expect(config).not.toHaveProperty('UNRELATED');
  });

  it('throws a ConfigError that lists every bad variable without echoing secrets', () => {
    let caught: unknown;
    try {
      loadConfig(baseConfigSchema(3101), {
        PORT: 'eighty',
        PUBLIC_ORIGIN: 'https://croftcommon.co.uk/some/path',
        MONGODB_URI: 'postgres://user:s3cret-pass@host/db',
        SMTP_URL: 'http://mail',
        LOG_LEVEL: 'loud',
        NODE_ENV: 'staging',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.problems.map((p) => p.variable).sort()).toEqual(
      ['LOG_LEVEL', 'MONGODB_URI', 'NODE_ENV', 'PORT', 'PUBLIC_ORIGIN', 'SMTP_URL'],
    );
    expect(error.message).toMatch(/^Invalid configuration \(6 problems\):/);
    expect(error.message).toContain('  - PORT: must be a whole number from 0 to 65535');
    expect(error.message).toContain('  - LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expect(error.message).toContain('  - MONGODB_URI: must be a URL such as mongodb://');
    expect(error.message).not.toContain('s3cret-pass');
  });

  it('rejects an out-of-range port and reports missing required service variables', () => {
    const schema = baseConfigSchema(3101).extend({ JWT_ISSUER: z.string() });
    expect(() => loadConfig(schema, { PORT: '70000' })).toThrow(
      /PORT: must be a whole number from 0 to 65535[\s\S]*JWT_ISSUER: is required/,
    );
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses, and refuses anything else', () => {
    const trust = (value: string) => loadConfig(baseConfigSchema(3101), { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(trust('loopback, 10.0.0.0/8 ,172.16.0.1, fd00::/8, ::1')).toEqual(['loopback', '10.0.0.0/8', '172.16.0.1', 'fd00::/8', '::1']);
    expect(trust('uniquelocal,linklocal')).toEqual(['uniquelocal', 'linklocal']);
    for (const bad of ['true', 'yes', '-1', '100', '10.0.0.0/33', '::1/129', 'proxy.example', '1.2.3', 'loopback,,10.0.0.1', '10.0.0.1/']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: /);
    }
    expect(() => trust('true')).toThrow(/anyone could/);
  });
});
