/**
 * MailDev, the local SMTP catcher, started in-process for `npm start`, e2e and service tests.
 * Mail sent to smtp://127.0.0.1:<smtpPort> is kept in memory and readable over the REST API
 * at http://127.0.0.1:<webPort>/email (the web UI is on the same port).
 */
import MailDev, { type MailServer } from 'maildev';
import { createRequire } from 'node:module';
import { mkdtempSync, rm, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';

export interface StartMailDevOptions {
  /** SMTP port; 0 or undefined = any free port. */
  smtpPort?: number;
  /** Web UI / REST API port; 0 or undefined = any free port. */
  webPort?: number;
  /** Interface to bind (default loopback). */
  host?: string;
}

export interface RunningMailDev {
  smtpPort: number;
  webPort: number;
  /** e.g. smtp://127.0.0.1:1025, for SMTP_URL */
  smtpUrl: string;
  /** e.g. http://127.0.0.1:1080 */
  webUrl: string;
  stop(): Promise<void>;
}

/** One message as MailDev's REST API returns it (the fields we rely on). */
export interface CaughtEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  headers: Record<string, string>;
  date: string;
  /** Attached files (read one with emailAttachment). */
  attachments?: { fileName: string; generatedFileName: string; contentType: string; contentId?: string }[];
}

const require = createRequire(import.meta.url);
let running: RunningMailDev | null = null;

/** A port nobody is listening on right now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function assertPortFree(port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `MailDev ${what} port ${port} on ${host} is already in use (is MailDev already running?)`
            : `MailDev ${what} port ${port} on ${host}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Starts MailDev in this process. MailDev keeps module-level state, so only one instance can
 * run per process: a second call while one runs is an error. MailDev's own SIGINT/SIGTERM
 * handlers (which call process.exit) are removed so the caller controls shutdown.
 */
export async function startMailDev(options: StartMailDevOptions = {}): Promise<RunningMailDev> {
  if (running) throw new Error(`MailDev is already running in this process (${running.webUrl})`);
  const host = options.host ?? '127.0.0.1';
  const smtpPort = options.smtpPort || (await freePort(host));
  let webPort = options.webPort || (await freePort(host));
  while (webPort === smtpPort) webPort = await freePort(host);
  await assertPortFree(smtpPort, host, 'SMTP');
  await assertPortFree(webPort, host, 'web');

  const before = { int: process.listeners('SIGINT'), term: process.listeners('SIGTERM') };
  // MailDev writes each message as an .eml file into a private temp dir. The dir is removed when
  // the process exits, not on stop: MailDev may still be reading a just-received message after
  // close() (an lstat on a deleted file is an unhandled error that fails a test run).
  const mailDirectory = mkdtempSync(join(tmpdir(), 'croft-maildev-'));
  process.once('exit', () => rmSync(mailDirectory, { recursive: true, force: true }));
  const server = new MailDev({ smtp: smtpPort, web: webPort, ip: host, silent: true, disableWeb: false, mailDirectory });
  server.deleteAllEmail = (done) => deleteStoredEmails(server, mailDirectory, done);
  for (const listener of process.listeners('SIGINT')) if (!before.int.includes(listener)) process.off('SIGINT', listener);
  for (const listener of process.listeners('SIGTERM')) if (!before.term.includes(listener)) process.off('SIGTERM', listener);

  // The web server is created synchronously by the constructor; wait for it to bind.
  const web = require('maildev/lib/web') as { server: Server | null };
  const webServer = web.server;
  if (!webServer) throw new Error('MailDev did not create its web server');
  const webReady = webServer.listening
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        webServer.once('listening', () => resolve());
        webServer.once('error', reject);
      });
  try {
    await Promise.all([server.listen(), webReady]);
  } catch (error) {
    server.close();
    server.removeAllListeners('close');
    rmSync(mailDirectory, { recursive: true, force: true });
    throw error;
  }

  const urlHost = host.includes(':') ? `[${host}]` : host;
  const handle: RunningMailDev = {
    smtpPort,
    webPort,
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    webUrl: `http://${urlHost}:${webPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          server.removeAllListeners('close');
          if (running === handle) running = null;
          resolve();
        });
      }),
  };
  running = handle;
  return handle;
}

/**
 * MailDev's own "delete all" reads the mail directory and removes every file in it, throwing
 * (an uncaught exception, which ends the process) when a file has already gone. Two deletes in
 * quick succession (a test clearing the inbox twice, a double click on the web UI's Delete all)
 * race on the same files, and a message still arriving loses its .eml before MailDev reads it.
 * This one forgets the stored messages and removes only their own files, ignoring any already gone.
 */
function deleteStoredEmails(server: MailServer, mailDirectory: string, done: (error: Error | null, deleted?: boolean) => void): void {
  server.getAllEmail((_error, store) => {
    const ids = store.map((email) => email.id);
    store.length = 0;
    server.emit('delete', { id: 'all' });
    for (const id of ids) {
      for (const file of [`${id}.eml`, id]) {
        rm(join(mailDirectory, file), { recursive: true, force: true }, (error) => {
          if (error) console.warn(`MailDev could not delete ${file}: ${error.message}`);
        });
      }
    }
    done(null, true);
  });
}

/** All caught messages, newest last. */
export async function listEmails(webUrl: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${webUrl}/email`);
  if (!response.ok) throw new Error(`MailDev ${webUrl}/email answered ${response.status}`);
  return (await response.json()) as CaughtEmail[];
}

/** The bytes of one attachment of a caught message (by its generatedFileName). */
export async function emailAttachment(webUrl: string, email: CaughtEmail, generatedFileName: string): Promise<Buffer> {
  const response = await fetch(`${webUrl}/email/${email.id}/attachment/${encodeURIComponent(generatedFileName)}`);
  if (!response.ok) throw new Error(`MailDev attachment ${generatedFileName} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Deletes every caught message. */
export async function deleteAllEmails(webUrl: string): Promise<void> {
  const response = await fetch(`${webUrl}/email/all`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`MailDev ${webUrl}/email/all answered ${response.status}`);
}

/**
 * Waits until MailDev has stored `expected` messages (a test's count of what it sent, which may
 * still be on its way over SMTP), then deletes them all, so none arrives after the inbox was
 * emptied. Deletes anyway after `timeoutMs`: the test that sent them has already read them.
 */
export async function clearInbox(webUrl: string, expected: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await listEmails(webUrl)).length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await deleteAllEmails(webUrl);
}

/** Polls until a message matching `match` arrives (e.g. by recipient), or fails after `timeoutMs`. */
export async function waitForEmail(
  webUrl: string,
  match: (email: CaughtEmail) => boolean,
  timeoutMs = 10_000,
): Promise<CaughtEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listEmails(webUrl)).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching email reached MailDev at ${webUrl} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
