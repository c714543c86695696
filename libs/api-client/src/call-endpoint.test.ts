import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { defineEndpoint } from '@croft/contracts';
import { mockEndpoint } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { callEndpoint } from './call-endpoint';

const rename = defineEndpoint({
  service: 'example',
  method: 'PATCH',
  path: '/things/:id',
  params: z.strictObject({ id: z.string() }),
  query: z.strictObject({ dry: z.optional(z.enum(['1'])) }),
  body: z.strictObject({ name: z.string().check(z.minLength(1)) }),
  response: z.strictObject({ id: z.string(), name: z.string() }),
});

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const options = { baseUrl: 'http://api.test' };

describe('callEndpoint and mockEndpoint', () => {
  it('sends method, path parameters, query and body from the contract and parses the answer', async () => {
    const seen: unknown[] = [];
    server.use(
      mockEndpoint(rename, ({ params, query, body, request }) => {
        seen.push({ method: request.method, url: request.url, params, query, body });
        return { id: params.id, name: body.name };
      }),
    );
    const answer = await callEndpoint(options, rename, { params: { id: 'x 1' }, query: { dry: '1' }, body: { name: 'Hall' } });
    expect(answer).toEqual({ id: 'x 1', name: 'Hall' });
    expect(seen).toEqual([
      { method: 'PATCH', url: 'http://api.test/api/example/things/x%201?dry=1', params: { id: 'x 1' }, query: { dry: '1' }, body: { name: 'Hall' } },
    ]);
  });

  it('the mock refuses input its contract refuses, with the services envelope', async () => {
    server.use(mockEndpoint(rename, ({ params, body }) => ({ id: params.id, name: body.name })));
    await expect(callEndpoint(options, rename, { params: { id: '1' }, body: { name: '' } })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
    await expect(
      callEndpoint(options, rename, { params: { id: '1' }, body: { name: 'ok', extra: 1 } as unknown as { name: string } }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('an answer outside the contract is an invalid_response error, not data', async () => {
    server.use(http.patch('*/things/:id', () => HttpResponse.json({ id: 1 })));
    await expect(callEndpoint(options, rename, { params: { id: '1' }, body: { name: 'ok' } })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
