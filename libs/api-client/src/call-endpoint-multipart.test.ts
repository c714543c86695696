import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { defineEndpoint } from '@croft/contracts';
import { mockEndpoint, mockError } from '@croft/mocks';
import { createMockServer, installNodeFormData } from '@croft/mocks/node';
import { callEndpointMultipart } from './call-endpoint-multipart';

const upload = defineEndpoint({
  service: 'example',
  method: 'POST',
  path: '/albums/:album/photos',
  params: z.strictObject({ album: z.string() }),
  query: z.strictObject({ dry: z.optional(z.enum(['1'])) }),
  body: z.strictObject({ caption: z.string().check(z.minLength(1)), stars: z.optional(z.string()) }),
  response: z.strictObject({ id: z.string(), caption: z.string(), bytes: z.int() }),
  status: 201,
});

const server = createMockServer([]);
let restore: () => void = () => undefined;
beforeAll(async () => {
  restore = await installNodeFormData();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  restore();
});

const options = { baseUrl: 'http://api.test' };
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2])], 'pier.png', { type: 'image/png' });

describe('callEndpointMultipart', () => {
  it('sends the fields beside the file as multipart/form-data, to the contract URL, and parses the answer', async () => {
    const seen: unknown[] = [];
    server.use(
      mockEndpoint(upload, async ({ params, query, body, files, request }) => {
        const file = files.photo;
        seen.push({
          url: request.url,
          type: request.headers.get('content-type')?.split(';')[0],
          auth: request.headers.get('authorization'),
          params,
          query,
          body,
          file: { name: file.name, type: file.type, head: [...new Uint8Array(await file.arrayBuffer())].slice(0, 2) },
        });
        return { id: 'p1', caption: body.caption, bytes: file.size };
      }),
    );
    const answer = await callEndpointMultipart(
      options,
      upload,
      { params: { album: 'the pier' }, query: { dry: '1' }, fields: { caption: 'Sunset', stars: undefined }, file: photo(), fileField: 'photo' },
      { headers: { authorization: 'Bearer t' } },
    );
    expect(answer).toEqual({ id: 'p1', caption: 'Sunset', bytes: 10 });
    expect(seen).toEqual([
      {
        url: 'http://api.test/api/example/albums/the%20pier/photos?dry=1',
        type: 'multipart/form-data',
        auth: 'Bearer t',
        params: { album: 'the pier' },
        query: { dry: '1' },
        body: { caption: 'Sunset' },
        file: { name: 'pier.png', type: 'image/png', head: [0x89, 0x50] },
      },
    ]);
  });

  it('a refusal is the service’s envelope; the mock checks the fields as the service does', async () => {
    server.use(mockEndpoint(upload, () => mockError({ status: 415, code: 'type_unsupported', message: 'Not a photo.' })));
    await expect(callEndpointMultipart(options, upload, { params: { album: 'a' }, fields: { caption: 'x' }, file: photo() })).rejects.toMatchObject({
      status: 415,
      code: 'type_unsupported',
      message: 'Not a photo.',
    });
    await expect(callEndpointMultipart(options, upload, { params: { album: 'a' }, fields: { caption: '' }, file: photo() })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('an answer outside the contract is invalid_response; a dead network is network_error', async () => {
    server.use(http.post('*/albums/:album/photos', () => HttpResponse.json({ id: 1 }, { status: 201 })));
    await expect(callEndpointMultipart(options, upload, { params: { album: 'a' }, fields: { caption: 'x' }, file: photo() })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    server.use(http.post('*/albums/:album/photos', () => HttpResponse.error()));
    await expect(callEndpointMultipart(options, upload, { params: { album: 'a' }, fields: { caption: 'x' }, file: photo() })).rejects.toMatchObject({
      code: 'network_error',
    });
  });
});
