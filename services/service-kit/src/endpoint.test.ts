import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defineEndpoint } from '@croft/contracts';
import { mountEndpoint, responsesChecked } from './endpoint';
import { errorHandler, HttpError } from './errors';
import { jsonBody } from './security';
import { silentLogger } from './logger';

const create = defineEndpoint({
  service: 'example',
  method: 'POST',
  path: '/things/:id',
  params: z.strictObject({ id: z.string().check(z.regex(/^[a-z]+$/)) }),
  body: z.strictObject({ count: z.number() }),
  response: z.strictObject({ id: z.string(), count: z.number() }),
  status: 201,
});

function app(handler: Parameters<typeof mountEndpoint<typeof create>>[2], before: express.RequestHandler[] = []) {
  const router = express.Router();
  mountEndpoint(router, create, handler, { before });
  const server = express();
  server.use(jsonBody());
  server.use('/api/example', router);
  server.use(errorHandler(silentLogger()));
  return server;
}

describe('mountEndpoint', () => {
  it('mounts at the contract path and method and answers with its status', async () => {
    const res = await request(app(({ params, body }) => ({ id: params.id, count: body.count }))).post('/api/example/things/abc').send({ count: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 'abc', count: 2 });
    expect((await request(app(() => ({ id: 'a', count: 1 }))).get('/api/example/things/abc')).status).toBe(404);
  });

  it('refuses unknown fields, operator objects and bad params before the handler runs', async () => {
    let ran = 0;
    const server = app(() => {
      ran += 1;
      return { id: 'a', count: 1 };
    });
    for (const [path, body] of [
      ['/api/example/things/abc', { count: 1, extra: true }],
      ['/api/example/things/abc', { count: { $gt: 0 } }],
      ['/api/example/things/ABC', { count: 1 }],
      ['/api/example/things/abc', {}],
    ] as const) {
      const res = await request(server).post(path).send(body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
    expect(ran).toBe(0);
  });

  it('runs "before" middleware ahead of validation (a sign-in check answers first)', async () => {
    const deny: express.RequestHandler = () => {
      throw new HttpError(401, 'not_authenticated', 'Please sign in first.');
    };
    const res = await request(app(() => ({ id: 'a', count: 1 }), [deny])).post('/api/example/things/abc').send({ bad: 1 });
    expect(res.status).toBe(401);
  });

  it('in tests, an answer outside the response contract is a 500, not a silent success', async () => {
    expect(responsesChecked()).toBe(true);
    const res = await request(app(() => ({ id: 'a' }) as never)).post('/api/example/things/abc').send({ count: 1 });
    expect(res.status).toBe(500);
  });

  it('checks answers only under test unless CHECK_RESPONSES says otherwise', () => {
    expect(responsesChecked({})).toBe(false);
    expect(responsesChecked({ CHECK_RESPONSES: '1' })).toBe(true);
    expect(responsesChecked({ VITEST: 'true', CHECK_RESPONSES: '0' })).toBe(false);
  });
});
