import { describe, expect, it } from 'vitest';
import { identityConfigSchema, identityServiceConfig } from './config';
import { DEFAULT_LIMITS } from './domain/limits';

const base = { PUBLIC_ORIGIN: 'http://localhost:3000' };

describe('identity config', () => {
  it('IDENTITY_CODES_PER_IP raises the codes a connection may ask for; unset keeps the default (20 per 15 minutes)', () => {
    expect(identityServiceConfig(identityConfigSchema.parse(base)).limits).toBeUndefined();
    expect(identityServiceConfig(identityConfigSchema.parse({ ...base, IDENTITY_CODES_PER_IP: '500' })).limits).toEqual({
      codesPerIp: { windowMs: DEFAULT_LIMITS.codesPerIp.windowMs, limit: 500 },
    });
    for (const bad of ['0', 'many', '1.5']) expect(identityConfigSchema.safeParse({ ...base, IDENTITY_CODES_PER_IP: bad }).success, bad).toBe(false);
  });
});
