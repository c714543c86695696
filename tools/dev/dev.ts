/**
 * `npm run dev`: every dev server with reload.
 * - shell on http://localhost:4200 (proxies /api to the gateway), every remote of the registry
 *   (libs/contracts/src/remotes.ts) on its dev port;
 * - the gateway API on :3000 restarting on change (tsx watch), with the embedded store;
 * - MailDev on 1025/1080 unless SMTP_URL is set.
 * The shell dev server answers /mf-manifest.json from the registry, pointing at the remote dev
 * servers. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailDev } from '@croft/maildev';
import { REMOTES } from '@croft/contracts/remotes';
import { remoteRspackArgs } from '@croft/federation-tools';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const pipe = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(prefix + line + '\n');
    });
  pipe(child.stdout!, process.stdout);
  pipe(child.stderr!, process.stderr);
  children.push(child);
  return child;
}

async function main() {
  let stopMail: (() => Promise<void>) | undefined;
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'development' };
  if (!process.env.SMTP_URL) {
    const maildev = await startMailDev({ smtpPort: 1025, webPort: 1080 });
    stopMail = () => maildev.stop();
    env.SMTP_URL = 'smtp://127.0.0.1:1025';
    process.stdout.write('[dev] MailDev inbox at http://localhost:1080\n');
  }
  run('gateway', process.execPath, ['--import', 'tsx', '--watch', 'services/gateway/src/main.ts'], {
    ...env,
    PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:4200',
  });
  run('shell', 'npx', ['rspack', 'serve', '-c', 'shell/rspack.config.mjs', '--mode', 'development']);
  for (const remote of REMOTES) run(remote.folder, 'npx', ['rspack', ...remoteRspackArgs(remote.folder, 'serve')]);
  process.stdout.write('[dev] site on http://localhost:4200 (API via :3000)\n');

  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await stopMail?.().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`[dev] ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
