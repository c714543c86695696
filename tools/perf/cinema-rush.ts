/**
 * The cinema rush (issue 13): 1,000 members ask for a ticket at the same moment, spread over two
 * cinema instances (separate processes) sharing one database, for 50 tickets. Prints how many were
 * sold (must be exactly 50), whether any number was issued twice, what everyone else was told, and
 * the answer times.
 *
 *   node --import tsx tools/perf/cinema-rush.ts [--members 1000] [--tickets 50]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Agent, request } from 'undici';
import { startEmbeddedMongo } from '@croft/embedded-mongo';
import { startMailDev } from '@croft/maildev';
import { connectMongo, identityIssuer } from '@croft/service-kit';
import { cinemaModels } from '@croft/cinema-service';
import { arg, root } from './perf-helpers';

const ORIGIN = 'http://localhost:3000';
const members = Number(arg('--members') ?? 1000);
const tickets = Number(arg('--tickets') ?? 50);
const ports = [3451, 3452];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const store = await startEmbeddedMongo({ port: 0 });
  const maildev = await startMailDev({ smtpPort: 0, webPort: 0 });
  const dbName = `cinema_rush_${process.pid}`;
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'rush', alg: 'ES256', use: 'sig' }] };
  const issuer = identityIssuer(ORIGIN);
  const children: ChildProcess[] = [];
  try {
    for (const port of ports) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tools/perf/cinema-instance.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_ORIGIN: ORIGIN,
          MONGODB_URI: store.uri,
          CINEMA_DB: dbName,
          SMTP_URL: maildev.smtpUrl,
          JWKS_JSON: JSON.stringify(jwks),
          CINEMA_QR_SECRET: randomBytes(32).toString('base64url'),
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`cinema instance exited ${code}`)));
      });
    }
    const mongo = await connectMongo({ uri: store.uri, dbName });
    const models = cinemaModels(mongo.connection);
    const dispatcher = new Agent({ connections: 600, pipelining: 1 });
    const base = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;

    const status = (await (await request(`${base(0)}/api/cinema/status`, { dispatcher })).body.json()) as { screening_id: string };
    await models.screening.updateOne({ _id: status.screening_id }, { $set: { capacity: tickets, tickets_left: tickets } });
    const tokens = await Promise.all(
      Array.from({ length: members }, (_, i) =>
        new SignJWT({ email: `fan${i}@example.com`, roles: [], aal: 'aal1', amr: ['otp'], session_id: `s${i}`, mfa: false })
          .setProtectedHeader({ alg: 'ES256', kid: 'rush' })
          .setSubject(`user-fan-${i}`)
          .setIssuer(issuer)
          .setAudience('croft')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(privateKey),
      ),
    );

    const started = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const t = performance.now();
        const res = await request(`${base(i)}/api/cinema/bookings`, {
          method: 'POST',
          dispatcher,
          headers: { authorization: `Bearer ${token}`, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ screening_id: status.screening_id, primary_name: `Fan ${i}`, quantity: 1 }),
        });
        const body = (await res.body.json()) as { ticket_numbers?: number[]; error?: { code: string; message: string } };
        return { status: res.statusCode, body, ms: performance.now() - t };
      }),
    );
    const wall = performance.now() - started;

    const sold = answers.filter((a) => a.status === 201);
    const numbers = sold.flatMap((a) => a.body.ticket_numbers ?? []);
    const told = new Map<string, number>();
    for (const a of answers.filter((x) => x.status !== 201)) {
      const key = `${a.status} ${a.body.error?.code}: ${a.body.error?.message}`;
      told.set(key, (told.get(key) ?? 0) + 1);
    }
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const dbTickets = await models.ticket.countDocuments({ screening_id: status.screening_id });
    const left = (await models.screening.findById(status.screening_id).lean())?.tickets_left;
    console.info(`\nCinema rush: ${members} members at once over ${ports.length} instances (separate processes, one database) for ${tickets} tickets`);
    console.info(`  sold: ${sold.length} (tickets in the database ${dbTickets}, left ${left})`);
    console.info(`  numbers: ${new Set(numbers).size} distinct of ${numbers.length}, from ${Math.min(...numbers)} to ${Math.max(...numbers)}`);
    for (const [key, count] of told) console.info(`  told ${count}×: ${key}`);
    console.info(`  all answered in ${(wall / 1000).toFixed(2)} s; answer time p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`);
    const exact = sold.length === tickets && new Set(numbers).size === tickets && dbTickets === tickets && left === 0;
    console.info(`  exact: ${exact ? 'yes' : 'NO'}`);
    await dispatcher.close();
    await mongo.stop();
    if (!exact) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill();
    await maildev.stop();
    await store.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
