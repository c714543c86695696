import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@croft/contracts';
import { errorHandler } from './errors';
import { silentLogger } from './logger';
import { jsonBody } from './security';
import { MAX_INPUT_DEPTH, findOperatorKey, validate } from './validate';

describe('findOperatorKey', () => {
  it('finds operator keys at any depth, in objects and arrays', () => {
    expect(findOperatorKey({ email: 'a@b.c' }, { root: 'body' })).toBeNull();
    expect(findOperatorKey({ email: { $ne: null } }, { root: 'body' })).toMatchObject({ path: 'body.email.$ne', key: '$ne' });
    expect(
      findOperatorKey({ a: [{ ok: 1 }, { b: { c: [{ $where: 'sleep(1)' }] } }] }, { root: 'body' }),
    ).toMatchObject({ path: 'body.a[1].b.c[0].$where' });
    expect(findOperatorKey({ 'profile.role': 'admin' })).toMatchObject({ key: 'profile.role' });
    expect(findOperatorKey(JSON.parse('{"__proto__": {"admin": true}}'))).toMatchObject({ key: '__proto__' });
  });

  it('only treats brackets as operators when asked (query strings)', () => {
    expect(findOperatorKey({ 'page[$ne]': 'x' }, { brackets: true })).toMatchObject({ key: 'page[$ne]' });
    expect(findOperatorKey({ 'page[gt]': 'x' }, { brackets: true })).toMatchObject({ key: 'page[gt]' });
    expect(findOperatorKey({ 'name[0]': 'x' }, { brackets: false })).toBeNull();
  });

  it('refuses input nested deeper than the limit', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH + 5; i += 1) deep = { a: deep };
    expect(findOperatorKey(deep)).toMatchObject({ reason: 'too_deep' });
    let ok: unknown = 'leaf';
    for (let i = 0; i < 5; i += 1) ok = [ok];
    expect(findOperatorKey(ok)).toBeNull();
  });
});

const bodySchema = z
  .object({
    email: z.email(),
    quantity: z.number().int().min(1).max(2),
    guest: z.object({ name: z.string().min(1) }).strict().optional(),
  })
  .strict();
const querySchema = z.object({ page: z.enum(['home', 'cafe']) }).strict();

function makeApp(queryParser?: 'simple' | 'extended') {
  const app = express();
  if (queryParser) app.set('query parser', queryParser);
  app.use(jsonBody());
  const v = validate({ body: bodySchema });
  app.post('/things', v, (_req, res) => {
    const { body } = v.get(res);
    res.status(201).json({ received: body, locals: res.locals.valid.body });
  });
  const q = validate({ query: querySchema });
  app.get('/things', q, (_req, res) => {
    res.json({ page: q.get(res).query.page });
  });
  app.use(errorHandler(silentLogger()));
  return app;
}

async function expectInvalid(response: request.Response, messagePart: RegExp | string) {
  expect(response.status).toBe(400);
  const parsed = errorEnvelopeSchema.parse(response.body);
  expect(parsed.error.code).toBe('invalid_request');
  if (typeof messagePart === 'string') expect(parsed.error.message).toContain(messagePart);
  else expect(parsed.error.message).toMatch(messagePart);
}

describe('validate()', () => {
  const app = makeApp();

  it('passes the parsed body to the handler', async () => {
    const response = await request(app).post('/things').send({ email: 'sam@example.com', quantity: 2 });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      received: { email: 'sam@example.com', quantity: 2 },
      locals: { email: 'sam@example.com', quantity: 2 },
    });
  });

  it('rejects operator objects nested anywhere in the body, naming the field', async () => {
    await expectInvalid(
      await request(app).post('/things').send({ email: { $ne: '' }, quantity: 1 }),
      'field "$ne" (at body.email.$ne) is not allowed',
    );
    await expectInvalid(
      await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, guest: { name: { $gt: '' } } }),
      'body.guest.name.$gt',
    );
    await expectInvalid(
      await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, 'guest.name': 'x' }),
      'field "guest.name"',
    );
  });

  it('rejects unknown keys (strict schemas), at the top level and nested', async () => {
    await expectInvalid(
      await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, role: 'admin' }),
      'body: unknown field "role"',
    );
    await expectInvalid(
      await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, guest: { name: 'Jo', vip: true } }),
      'body.guest: unknown field "vip"',
    );
  });

  it('reports each bad field readably', async () => {
    const response = await request(app).post('/things').send({ quantity: 3 });
    await expectInvalid(response, 'body.email: is required');
    expect(response.body.error.message).toMatch(/body\.quantity: Too big/);
    const wrongType = await request(app).post('/things').send({ email: 'a@b.co', quantity: '2' });
    await expectInvalid(wrongType, 'body.quantity: Invalid input: expected number, received string');
  });

  it('asks for a JSON body when there is none', async () => {
    await expectInvalid(
      await request(app).post('/things').set('Content-Type', 'text/plain').send('email=a@b.co'),
      'a JSON body (Content-Type: application/json) is required',
    );
  });

  it('validates the query', async () => {
    expect((await request(app).get('/things?page=cafe')).body).toEqual({ page: 'cafe' });
    await expectInvalid(await request(app).get('/things?page=bar'), 'query.page: must be one of home, cafe');
    await expectInvalid(await request(app).get('/things?page=home&extra=1'), 'query: unknown field "extra"');
    await expectInvalid(await request(app).get('/things?page=home&page=cafe'), 'query.page');
  });

  it.each(['simple', 'extended'] as const)('rejects bracket operators in the query with the %s parser', async (parser) => {
    const parserApp = makeApp(parser);
    for (const qs of ['page[$ne]=x', 'page[%24ne]=x', 'page.x=home', '$where=1', 'page=home&a[b][$gt]=1']) {
      const response = await request(parserApp).get(`/things?${qs}`);
      await expectInvalid(response, /is not allowed/);
    }
    // A bracketed key without "$" is refused too (as an operator key or, once parsed, as a non-string page).
    await expectInvalid(await request(parserApp).get('/things?page[ne]=x'), /query\.page/);
  });

  it('refuses absurdly nested bodies with a 400, not a crash', async () => {
    const deep = '{"email":'.repeat(2000) + '1' + '}'.repeat(2000);
    const response = await request(app).post('/things').set('Content-Type', 'application/json').send(deep);
    await expectInvalid(response, 'nested too deeply');
  });

  it('bounds what an error repeats: 9,000 unknown keys give a short 400, not a 98 kB list', async () => {
    const body: Record<string, unknown> = { email: 'a@b.co', quantity: 1 };
    for (let i = 0; i < 9000; i += 1) body[`k${i}`] = 0;
    const response = await request(app).post('/things').send(body);
    expect(JSON.stringify(body).length).toBeLessThan(100_000);
    await expectInvalid(response, 'body: unknown fields "k0", "k1"');
    expect(response.text.length).toBeLessThan(2048);
    expect(response.body.error.message).toContain('…and 8,990 more');
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(Object.keys(response.body.error).sort()).toEqual(['code', 'message']);
  });

  it('bounds many bad fields across issues too', async () => {
    const schema = z.object(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field${i}`, z.string()]))).strict();
    const wide = express();
    wide.use(jsonBody());
    wide.post('/wide', validate({ body: schema }), (_req, res) => {
      res.json({});
    });
    wide.use(errorHandler(silentLogger()));
    const response = await request(wide).post('/wide').send({ [`x${'y'.repeat(5000)}`]: 1 });
    await expectInvalid(response, 'body.field0: is required');
    expect(response.text.length).toBeLessThan(2048);
    expect(response.body.error.message).toMatch(/…and \d+ more/);
  });

  it('truncates long key names and never echoes control characters raw', async () => {
    const longKey = `k${'x'.repeat(500)}`;
    const long = await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, [longKey]: 1 });
    await expectInvalid(long, 'body: unknown field "kxxxxxxxx');
    expect(long.text).not.toContain('x'.repeat(60));
    expect(long.body.error.message).toContain('…');

    const nasty = '\r\nSet-Cookie: a=b\u0000\u001b[31m\u2028evil';
    const control = await request(app).post('/things').send({ email: 'a@b.co', quantity: 1, [nasty]: 1 });
    await expectInvalid(control, 'unknown field');
    const message = control.body.error.message as string;
    expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(message).toContain('Set-Cookie: a=b');
  });

  it('bounds the operator-key message too', async () => {
    const response = await request(app)
      .post('/things')
      .send({ email: 'a@b.co', quantity: 1, [`$${'w'.repeat(5000)}\n`]: 1 });
    await expectInvalid(response, /is not allowed/);
    expect(response.text.length).toBeLessThan(1024);
    expect(response.body.error.message).not.toContain('\n');
  });
});

