/**
 * `npm start`: the whole site at http://localhost:3000 with nothing installed.
 * - builds the shell and remotes (production) if the build is missing;
 * - starts MailDev (SMTP 1025, web 1080) unless SMTP_URL is set;
 * - runs the gateway, which starts the embedded MongoDB-compatible store unless MONGODB_URI
 *   is set, and seeds it;
 * - Ctrl-C stops every child.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailDev } from '@croft/maildev';
import { REMOTES } from '@croft/contracts/remotes';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const BUILD_MARKERS = [
  'dist/shell/index.html',
  ...REMOTES.map((r) => `dist/remotes/${r.folder}/remoteEntry.js`),
  'dist/images/logo-croft-common.svg',
  'dist/prerender/pages.json',
];

const SMTP_PORT = Number(process.env.MAILDEV_SMTP_PORT ?? 1025);
const WEB_PORT = Number(process.env.MAILDEV_WEB_PORT ?? 1080);

function log(message: string) {
  process.stdout.write(`[start] ${message}\n`);
}

/** Builds the site (production) when any build marker is missing; exits on a failed build. Also used by start-cluster.ts. */
export function ensureBuilt() {
  const missing = BUILD_MARKERS.filter((f) => !existsSync(resolve(root, f)));
  if (missing.length === 0) return;
  log(`production build missing (${missing.join(', ')}); building…`);
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build-images', 'build', 'prerender', '--parallel=2', '--outputStyle=static'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (result.status !== 0) {
    log('build failed');
    process.exit(result.status ?? 1);
  }
}

/**
 * Identity's code pepper and key-encryption secret: production needs them set. For a local run
 * they are generated once into .data/local-secrets.json (git-ignored) so sign-in codes and
 * signing keys survive restarts.
 */
export function localSecrets(env: NodeJS.ProcessEnv) {
  if (env.CODE_PEPPER && env.KEY_ENCRYPTION_SECRET && env.BLOB_URL_SECRET) return;
  const file = resolve(root, '.data/local-secrets.json');
  mkdirSync(resolve(root, '.data'), { recursive: true });
  let secrets: { CODE_PEPPER: string; KEY_ENCRYPTION_SECRET: string; BLOB_URL_SECRET?: string };
  if (existsSync(file)) {
    secrets = JSON.parse(readFileSync(file, 'utf8'));
    // Files from before signed blob URLs: add the blob secret once.
    if (!secrets.BLOB_URL_SECRET) {
      secrets.BLOB_URL_SECRET = randomBytes(32).toString('base64url');
      writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    }
  } else {
    secrets = {
      CODE_PEPPER: randomBytes(32).toString('base64url'),
      KEY_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      BLOB_URL_SECRET: randomBytes(32).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    log('generated local secrets in .data/local-secrets.json (set CODE_PEPPER, KEY_ENCRYPTION_SECRET and BLOB_URL_SECRET in production)');
  }
  env.CODE_PEPPER ??= secrets.CODE_PEPPER;
  env.KEY_ENCRYPTION_SECRET ??= secrets.KEY_ENCRYPTION_SECRET;
  env.BLOB_URL_SECRET ??= secrets.BLOB_URL_SECRET;
}

/** The first admin of a local site when ADMIN_EMAIL is unset: their sign-in codes arrive in MailDev. */
export const LOCAL_ADMIN_EMAIL = 'admin@example.com';

/** Locally (npm start, start:cluster) someone must be able to open /cms and /admin at once. */
export function localAdmin(env: NodeJS.ProcessEnv, log: (line: string) => void) {
  if (env.ADMIN_EMAIL) return;
  env.ADMIN_EMAIL = LOCAL_ADMIN_EMAIL;
  log(`${LOCAL_ADMIN_EMAIL} is the first admin: sign in at /cms/login, the code is in MailDev (set ADMIN_EMAIL to choose another)`);
}

/**
 * MailDev for SMTP_URL when none is set (SMTP on MAILDEV_SMTP_PORT, inbox on MAILDEV_WEB_PORT), or
 * the catcher already listening there. Sets env.SMTP_URL; resolves to how to stop the one it
 * started (undefined when SMTP_URL was set or the ports were taken). Also used by start-cluster.ts.
 */
export async function startMailCatcher(
  env: NodeJS.ProcessEnv,
  say: (message: string) => void = log,
): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SMTP_URL) return undefined;
  env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
  try {
    const maildev = await startMailDev({ smtpPort: SMTP_PORT, webPort: WEB_PORT });
    say(`MailDev: SMTP on 127.0.0.1:${SMTP_PORT}, inbox at http://localhost:${WEB_PORT}`);
    return () => maildev.stop();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    say(`port ${SMTP_PORT} or ${WEB_PORT} is taken: using the mail catcher already running there`);
    return undefined;
  }
}

async function main() {
  ensureBuilt();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  localSecrets(env);
  localAdmin(env, log);

  const stopMail = await startMailCatcher(env, log);
  // EMBEDDED_MONGO_DATA unset → keep data in .data/ across restarts; set but empty → memory only.
  if (!process.env.MONGODB_URI && process.env.EMBEDDED_MONGO_DATA === undefined) {
    mkdirSync(resolve(root, '.data'), { recursive: true });
    env.EMBEDDED_MONGO_DATA = resolve(root, '.data/embedded-mongo.bson');
  }

  const gateway: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });

  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (gateway.exitCode === null && gateway.signalCode === null) {
      gateway.kill('SIGTERM');
      await new Promise((done) => gateway.once('exit', done));
    }
    await stopMail?.().catch(() => undefined);
    process.exit(code);
  };
  gateway.once('exit', (code, signal) => {
    if (!stopping) log(`gateway stopped (${signal ?? code})`);
    void stopAll(code ?? 1);
  });
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
}

// Run only as the entry point: start-cluster.ts imports the helpers above.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`[start] ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
