import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineEndpoint, endpointParamNames, endpointRoute, endpointUrl } from './endpoint';
import { venueEndpoints } from './endpoints/venue';

const resend = defineEndpoint({
  service: 'venue',
  method: 'POST',
  path: '/bookings/:id/resend',
  params: z.strictObject({ id: z.string() }),
  response: z.strictObject({}),
});

describe('endpoint contracts', () => {
  it('builds the full route and the URL of one call', () => {
    expect(endpointRoute(resend)).toBe('/api/venue/bookings/:id/resend');
    expect(endpointParamNames(resend)).toEqual(['id']);
    expect(endpointUrl(resend, { params: { id: 'a/b c' } })).toBe('/api/venue/bookings/a%2Fb%20c/resend');
    expect(endpointUrl(venueEndpoints.listBookings, { query: { limit: '5', before: undefined } })).toBe('/api/venue/bookings?limit=5');
    expect(endpointUrl(venueEndpoints.getCommonGoodTotals)).toBe('/api/venue/common-good/totals');
  });

  it('refuses a call with a path parameter missing rather than calling the wrong URL', () => {
    expect(() => endpointUrl(resend, { params: {} })).toThrow('path parameter "id" is missing');
  });

  it('freezes a declaration', () => {
    expect(Object.isFrozen(resend)).toBe(true);
  });

  it('declares every path parameter of every venue endpoint in its params schema', () => {
    for (const endpoint of Object.values(venueEndpoints)) {
      const names = endpointParamNames(endpoint);
      if (!names.length) continue;
      expect('params' in endpoint, `${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });
});
