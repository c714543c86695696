/**
 * `npm run start:cluster`: the site as several gateway instances on one database, behind a small
 * round-robin balancer, so anything a process keeps in its own memory shows up (README, "Several
 * instances").
 * - builds the site if it is missing and uses the local secrets, like `npm start` (start.ts);
 * - starts the embedded store on its own, as a server (tools/embedded-mongo/src/main.ts; data in
 *   .data/embedded-mongo.bson, EMBEDDED_MONGO_DATA= for memory only), unless MONGODB_URI is set;
 * - starts MailDev (SMTP 1025, web 1080) unless SMTP_URL is set;
 * - starts one gateway per port in CLUSTER_PORTS (default 3001,3002), all with that MONGODB_URI
 *   and TRUST_PROXY=loopback; each logs with its port in front;
 * - serves the site at PORT (default 3000, the PUBLIC_ORIGIN) by sending each request to the next
 *   instance in turn (X-Croft-Instance says which answered);
 * - Ctrl-C stops the balancer, the gateways, then the store (which saves its data), then MailDev.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { keepIdleConnections } from '@croft/service-kit';
import { ensureBuilt, localAdmin, localSecrets, startMailCatcher } from './start';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

function log(message: string) {
  process.stdout.write(`[cluster] ${message}\n`);
}

function parsePorts(text: string, name: string): number[] {
  const ports = text.split(',').map((part) => Number(part.trim()));
  if (ports.length === 0 || ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new Error(`${name} must be a comma-separated list of ports, got '${text}'`);
  }
  return ports;
}

/** Each output line of a child with a label in front, so the instances' logs can be told apart. */
function prefixed(child: ChildProcess, label: string) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (stream) createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

async function stopChild(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await exited(child);
}

/** The embedded store as its own process; resolves with the mongodb:// URI it prints. */
function startStore(dataFile: string | undefined): Promise<{ child: ChildProcess; uri: string }> {
  const args = ['--import', 'tsx', 'tools/embedded-mongo/src/main.ts', '--port', String(Number(process.env.EMBEDDED_MONGO_PORT ?? 0))];
  if (dataFile) args.push('--data', dataFile);
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`[store] ${line}\n`));
  return new Promise((resolveUri, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolveUri({ child, uri: line.trim() }));
    child.once('exit', (code, signal) => reject(new Error(`the embedded store stopped before it was ready (${signal ?? code})`)));
  });
}

/** Round robin over the instances, as a load balancer in front of several gateways would. */
function startBalancer(port: number, host: string, targets: readonly number[]): Promise<Server> {
  let turn = 0;
  // Idle kept-alive connections outlive the clients' own idle timeout, as every service's do.
  const server = keepIdleConnections(createServer((req, res) => {
    const target = targets[turn % targets.length];
    turn += 1;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        // Like a proxy that overwrites it: the instance (TRUST_PROXY=loopback) sees the client's address.
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-croft-instance': String(target) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-croft-instance': String(target) });
      res.end(`Instance on port ${target} is not answering (yet?)`);
    });
    req.pipe(upstream);
  }));
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => done(server));
  });
}

async function main() {
  ensureBuilt();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  // Every instance must share these: a code mailed by one is checked by another, a blob URL signed
  // by one is served by another.
  localSecrets(env);
  localAdmin(env, log);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  const ports = parsePorts(process.env.CLUSTER_PORTS ?? '3001,3002', 'CLUSTER_PORTS');
  env.PUBLIC_ORIGIN ??= `http://localhost:${port}`;
  env.TRUST_PROXY ??= 'loopback';

  const stopMail = await startMailCatcher(env, log);
  let store: ChildProcess | undefined;
  const gateways: ChildProcess[] = [];
  const front: { balancer?: Server } = {};

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const { balancer } = front;
    await new Promise<void>((done) => {
      if (!balancer) return done();
      balancer.close(() => done());
      balancer.closeAllConnections();
    });
    await Promise.all(gateways.map(stopChild));
    await stopChild(store);
    await stopMail?.().catch(() => undefined);
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  if (!process.env.MONGODB_URI) {
    // EMBEDDED_MONGO_DATA unset → the same data as `npm start`; set but empty → memory only.
    let dataFile = process.env.EMBEDDED_MONGO_DATA;
    if (dataFile === undefined) {
      mkdirSync(resolve(root, '.data'), { recursive: true });
      dataFile = resolve(root, '.data/embedded-mongo.bson');
    }
    const started = await startStore(dataFile || undefined);
    store = started.child;
    env.MONGODB_URI = started.uri;
    log(`embedded store on its own at ${started.uri}${dataFile ? ` (data in ${dataFile})` : ' (memory only)'}`);
    store.once('exit', (code, signal) => {
      if (!stopping) log(`the embedded store stopped (${signal ?? code})`);
      void stopAll(1);
    });
  }

  for (const instancePort of ports) {
    const gateway = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(instancePort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(gateway, String(instancePort));
    gateway.once('exit', (code, signal) => {
      if (!stopping) log(`the gateway on port ${instancePort} stopped (${signal ?? code})`);
      void stopAll(code ?? 1);
    });
    gateways.push(gateway);
  }

  front.balancer = await startBalancer(port, host, ports);
  // (MONGODB_URI itself is not logged: it may hold a password.)
  log(`${ports.length} gateways (ports ${ports.join(', ')}) on one database; the site at ${env.PUBLIC_ORIGIN}, each request to the next instance`);
}

main().catch((error: unknown) => {
  process.stderr.write(`[cluster] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
