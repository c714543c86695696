import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contentEndpoints } from '@croft/contracts';
import { errorHandler, mountEndpoint, silentLogger } from '@croft/service-kit';
import { cachedJsonSender } from './cached-json';

function app(payload: object) {
  const router = express.Router();
  const send = cachedJsonSender(contentEndpoints.listSecretWords, 'private, no-cache');
  mountEndpoint(router, contentEndpoints.listSecretWords, ({ req, res }) => {
    send(req, res, payload as never);
    return undefined;
  });
  const server = express();
  server.use('/api/content', router);
  server.use(errorHandler(silentLogger()));
  return server;
}

describe('cachedJsonSender', () => {
  it('sends the payload with a weak ETag, and 304 when the browser has it', async () => {
    const server = app({ items: ['cask'] });
    const first = await request(server).get('/api/content/secret-words');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: ['cask'] });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect((await request(server).get('/api/content/secret-words').set('If-None-Match', first.headers.etag)).status).toBe(304);
  });

  it('under test, refuses a payload outside the endpoint contract (a 500, never sent)', async () => {
    const res = await request(app({ items: [1] })).get('/api/content/secret-words');
    expect(res.status).toBe(500);
    expect(res.body).not.toEqual({ items: [1] });
  });
});
