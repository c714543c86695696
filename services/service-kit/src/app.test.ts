import { createServer, globalAgent } from 'node:http';
import { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@croft/contracts';
import { createServiceApp, KEEP_ALIVE_TIMEOUT_MS, keepIdleConnections, listen } from './app';
import { HttpError } from './errors';
import { captureLogger } from './testing/capture-logger';

const ORIGIN = 'https://croftcommon.example';

function makeApp() {
  const capture = captureLogger();
  const router = Router();
  router.get('/hello', (_req, res) => {
    res.json({ hello: 'world' });
  });
  router.post('/echo', (req, res) => {
    res.status(201).json({ got: req.body });
  });
  router.delete('/things/:id', (_req, res) => {
    res.status(204).end();
  });
  router.get('/teapot', () => {
    throw new HttpError(409, 'sold_out', 'Sold out');
  });
  router.get('/boom', async () => {
    throw new Error('database exploded at /srv/secret/path');
  });
  const app = createServiceApp({ name: 'demo', router, logger: capture.logger, publicOrigin: ORIGIN });
  return { app, capture };
}

function envelope(response: request.Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const parsed = errorEnvelopeSchema.parse(response.body);
  expect(parsed.error.code).toBe(code);
  return parsed.error.message;
}

describe('createServiceApp', () => {
  it('mounts the router at /api/<name>', async () => {
    const { app } = makeApp();
    const response = await request(app).get('/api/demo/hello');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ hello: 'world' });
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API routes with a 404 not_found envelope', async () => {
    const { app } = makeApp();
    expect(envelope(await request(app).get('/api/demo/nope?x=1'), 404, 'not_found')).toBe('No route for GET /api/demo/nope');
    envelope(await request(app).post('/api/other').set('Origin', ORIGIN).send({}), 404, 'not_found');
  });

  it('keeps the 404 message short for an absurdly long path', async () => {
    const { app } = makeApp();
    const message = envelope(await request(app).get(`/api/demo/${'a'.repeat(8000)}`), 404, 'not_found');
    expect(message.length).toBeLessThan(300);
    expect(message).toMatch(/^No route for GET \/api\/demo\/a+…$/);
  });

  it('turns malformed JSON into 400 invalid_json', async () => {
    const { app } = makeApp();
    const response = await request(app)
      .post('/api/demo/echo')
      .set('Origin', ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"name": "unterminated');
    expect(envelope(response, 400, 'invalid_json')).toBe('The request body is not valid JSON.');
  });

  it('turns bodies over 100 kB into 413 payload_too_large', async () => {
    const { app } = makeApp();
    const small = await request(app).post('/api/demo/echo').set('Origin', ORIGIN).send({ text: 'x'.repeat(90_000) });
    expect(small.status).toBe(201);
    const big = await request(app).post('/api/demo/echo').set('Origin', ORIGIN).send({ text: 'x'.repeat(110_000) });
    envelope(big, 413, 'payload_too_large');
  });

  it('passes HttpError status, code and message through', async () => {
    const { app } = makeApp();
    expect(envelope(await request(app).get('/api/demo/teapot'), 409, 'sold_out')).toBe('Sold out');
  });

  it('hides unexpected errors behind 500 internal_error and logs the stack', async () => {
    const { app, capture } = makeApp();
    const response = await request(app).get('/api/demo/boom');
    expect(envelope(response, 500, 'internal_error')).toBe('Something went wrong');
    expect(response.text).not.toContain('exploded');
    expect(response.text).not.toContain('/srv/secret');
    const logged = capture.lines().find((line) => line.msg === 'unexpected error');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('database exploded');
    expect((logged!.err as { stack: string }).stack).toMatch(/app\.test\.ts/);
  });

  it('logs method, path, status and duration, never bodies, cookies or authorization', async () => {
    const { app, capture } = makeApp();
    await request(app)
      .post('/api/demo/echo?token=abc123')
      .set('Origin', ORIGIN)
      .set('Cookie', 'session=very-secret-cookie')
      .set('Authorization', 'Bearer very-secret-token')
      .send({ password: 'hunter2-secret' });
    const line = capture.lines().find((l) => l.msg === 'request');
    expect(line).toMatchObject({ method: 'POST', path: '/api/demo/echo', status: 201 });
    expect(typeof line!.ms).toBe('number');
    const text = capture.text();
    for (const secret of ['very-secret-cookie', 'very-secret-token', 'hunter2-secret', 'abc123']) {
      expect(text).not.toContain(secret);
    }
  });

  it('sends helmet headers with a real Content-Security-Policy', async () => {
    const { app } = makeApp();
    const response = await request(app).get('/api/demo/hello');
    const csp = response.headers['content-security-policy'];
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('accepts state-changing requests only from PUBLIC_ORIGIN', async () => {
    const { app } = makeApp();
    const fromSite = await request(app).post('/api/demo/echo').set('Origin', ORIGIN).send({ a: 1 });
    expect(fromSite.status).toBe(201);

    const crossSite = await request(app).post('/api/demo/echo').set('Origin', 'https://evil.example').send({ a: 1 });
    expect(envelope(crossSite, 403, 'forbidden_origin')).toBe('This request must come from the Croft Common website.');
    envelope(await request(app).delete('/api/demo/things/1').set('Origin', 'http://croftcommon.example'), 403, 'forbidden_origin');
    envelope(await request(app).post('/api/demo/echo').set('Origin', 'null').send({}), 403, 'forbidden_origin');

    // No Origin: a browser's Sec-Fetch-Site decides; non-browser clients (no headers) pass.
    envelope(
      await request(app).post('/api/demo/echo').set('Sec-Fetch-Site', 'cross-site').send({}),
      403,
      'forbidden_origin',
    );
    envelope(await request(app).post('/api/demo/echo').set('Sec-Fetch-Site', 'same-site').send({}), 403, 'forbidden_origin');
    expect((await request(app).post('/api/demo/echo').set('Sec-Fetch-Site', 'same-origin').send({})).status).toBe(201);
    expect((await request(app).post('/api/demo/echo').send({ a: 1 })).status).toBe(201);

    // Reads are never blocked.
    expect((await request(app).get('/api/demo/hello').set('Origin', 'https://evil.example')).status).toBe(200);
  });
});

describe('listen', () => {
  it('binds port 0 to a free port on loopback and closes cleanly', async () => {
    const { app } = makeApp();
    const server = await listen(app, 0);
    try {
      expect(server.port).toBeGreaterThan(0);
      const response = await fetch(`${server.url}/api/demo/hello`);
      expect(await response.json()).toEqual({ hello: 'world' });
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/api/demo/hello`)).rejects.toThrow();
  });

  it("keeps an idle connection open longer than Node's clients keep theirs, so a client never sends on a socket the server is closing", async () => {
    const { app } = makeApp();
    const server = await listen(app, 0);
    try {
      // How long Node's own clients keep an idle socket (the global agent's timeout, 5 s).
      const clientIdle = (globalAgent as typeof globalAgent & { options: { timeout?: number } }).options.timeout ?? 5_000;
      expect(server.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(server.server.keepAliveTimeout).toBeGreaterThan(clientIdle);
      expect(server.server.headersTimeout).toBeGreaterThan(server.server.keepAliveTimeout);
    } finally {
      await server.close();
    }
  });

  it('keepIdleConnections sets the same timeouts on a server made elsewhere (the cluster balancer)', () => {
    const server = createServer();
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(keepIdleConnections(server)).toBe(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS + 1_000);
  });
});
