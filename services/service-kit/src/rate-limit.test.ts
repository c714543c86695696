import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@croft/contracts';
import { RATE_LIMIT_MESSAGE, rateLimit } from './rate-limit';

function appWith(limiter: express.RequestHandler): Express {
  const app = express();
  app.get('/limited', limiter, (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

describe('rateLimit (in-memory store)', () => {
  it('lets `limit` requests through per window, then answers 429 rate_limited with Retry-After', async () => {
    const app = appWith(rateLimit({ windowMs: 60_000, limit: 3, keyPrefix: 'test:ip' }));
    for (let i = 0; i < 3; i += 1) {
      const ok = await request(app).get('/limited');
      expect(ok.status).toBe(200);
      expect(ok.headers.ratelimit).toMatch(new RegExp(`remaining=${2 - i}`));
    }
    const limited = await request(app).get('/limited');
    expect(limited.status).toBe(429);
    expect(errorEnvelopeSchema.parse(limited.body).error).toEqual({ code: 'rate_limited', message: RATE_LIMIT_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts separately per key from a custom key generator', async () => {
    const app = appWith(
      rateLimit({ windowMs: 60_000, limit: 1, keyPrefix: 'test:email', keyGenerator: (req) => String(req.headers['x-email']) }),
    );
    expect((await request(app).get('/limited').set('x-email', 'a@example.com')).status).toBe(200);
    expect((await request(app).get('/limited').set('x-email', 'b@example.com')).status).toBe(200);
    expect((await request(app).get('/limited').set('x-email', 'a@example.com')).status).toBe(429);
  });
});
