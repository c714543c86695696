import { Router } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from './app';
import { baseConfigSchema, loadConfig } from './config';
import { silentLogger } from './logger';
import { rateLimit } from './rate-limit';
import { createStandaloneApp } from './run-service';
import { captureLogger } from './testing/capture-logger';

/** A router with a per-IP limit of 2 that reports the address it saw. */
function whoamiRouter() {
  const router = Router();
  router.get('/whoami', rateLimit({ windowMs: 60_000, limit: 2, keyPrefix: 'test:whoami' }), (req, res) => {
    res.json({ ip: req.ip });
  });
  return router;
}

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The standalone app exactly as runStandaloneService builds it, from an environment, on port 0. */
async function standalone(env: Record<string, string>, logger = silentLogger()): Promise<RunningServer> {
  const config = loadConfig(baseConfigSchema(0), env);
  const server = await listen(createStandaloneApp({ name: 'demo', router: whoamiRouter(), logger, config }), 0);
  servers.push(server);
  return server;
}

async function whoami(server: RunningServer, forwardedFor?: string): Promise<{ status: number; ip?: string }> {
  const response = await fetch(`${server.url}/api/demo/whoami`, {
    headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
  });
  const body = (await response.json()) as { ip?: string };
  return { status: response.status, ip: body.ip };
}

describe('standalone service: TRUST_PROXY', () => {
  it.each([
    ['unset', {}],
    ['unset in production (no NODE_ENV-based trust)', { NODE_ENV: 'production' }],
    ['false', { TRUST_PROXY: 'false' }],
  ])('%s: X-Forwarded-For is ignored, so rotating it cannot dodge a per-IP limit', async (_label, env) => {
    const server = await standalone(env);
    expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '127.0.0.1' });
    expect(await whoami(server, '5.6.7.8')).toEqual({ status: 200, ip: '127.0.0.1' });
    expect((await whoami(server, '9.10.11.12')).status).toBe(429);
    expect((await whoami(server)).status).toBe(429);
  });

  it.each([
    ['1', { TRUST_PROXY: '1' }],
    ['loopback', { TRUST_PROXY: 'loopback' }],
    ['127.0.0.1/32', { TRUST_PROXY: '127.0.0.1/32', NODE_ENV: 'production' }],
  ])('TRUST_PROXY=%s: each forwarded address has its own budget and is req.ip', async (_label, env) => {
    const server = await standalone(env);
    expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
    expect(await whoami(server, '1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
    expect((await whoami(server, '1.2.3.4')).status).toBe(429);
    expect(await whoami(server, '5.6.7.8')).toEqual({ status: 200, ip: '5.6.7.8' });
  });

  it('TRUST_PROXY=1 takes the address the proxy appended, not one the client put in front', async () => {
    const server = await standalone({ TRUST_PROXY: '1' });
    expect(await whoami(server, '6.6.6.6, 1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
    expect(await whoami(server, '7.7.7.7, 1.2.3.4')).toEqual({ status: 200, ip: '1.2.3.4' });
    expect((await whoami(server, '8.8.8.8, 1.2.3.4')).status).toBe(429);
  });

  it('says once in the log when requests carry X-Forwarded-For but TRUST_PROXY is unset', async () => {
    const capture = captureLogger();
    const server = await standalone({}, capture.logger);
    await whoami(server);
    await whoami(server, '1.2.3.4');
    await whoami(server, '5.6.7.8');
    const warnings = capture.lines().filter((line) => String(line.msg).includes('TRUST_PROXY'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40);
    expect(capture.text()).not.toContain('1.2.3.4');
  });
});
