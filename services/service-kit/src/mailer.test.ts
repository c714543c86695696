import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAttachment, startMailDev, waitForEmail, type RunningMailDev } from '@croft/maildev';
import { MAIL_TIMEOUTS, MailTimeoutError, createMailer } from './mailer';

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A MailDev already running on the default ports (e.g. from `npm start`), or none. */
async function runningMailDev(): Promise<{ smtpUrl: string; webUrl: string } | null> {
  if (!(await accepts(1025)) || !(await accepts(1080))) return null;
  try {
    const response = await fetch('http://127.0.0.1:1080/email', { signal: AbortSignal.timeout(1000) });
    return response.ok && Array.isArray(await response.json())
      ? { smtpUrl: 'smtp://127.0.0.1:1025', webUrl: 'http://127.0.0.1:1080' }
      : null;
  } catch {
    return null;
  }
}

describe('createMailer with MailDev', () => {
  let started: RunningMailDev | null = null;
  let target: { smtpUrl: string; webUrl: string };

  beforeAll(async () => {
    const existing = await runningMailDev();
    if (existing) {
      target = existing;
    } else {
      started = await startMailDev({ smtpPort: 0, webPort: 0 });
      target = started;
    }
  });

  afterAll(async () => {
    await started?.stop();
  });

  it('delivers a message over SMTP that MailDev’s REST API returns', async () => {
    const mailer = createMailer({ smtpUrl: target.smtpUrl, from: 'Croft Common <hello@croftcommon.local>' });
    const to = `guest-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const { messageId } = await mailer.send({
      to,
      subject: 'Your Croft Common code',
      text: 'Your code is 482913',
      html: '<p>Your code is <strong>482913</strong></p>',
      headers: { 'X-Croft-Purpose': 'sign-in' },
    });
    mailer.close();
    expect(messageId).toMatch(/@/);

    const email = await waitForEmail(target.webUrl, (e) => e.to.some((r) => r.address === to));
    expect(email.subject).toBe('Your Croft Common code');
    expect(email.text?.trim()).toBe('Your code is 482913');
    expect(email.html).toContain('<strong>482913</strong>');
    expect(email.from[0]).toEqual({ address: 'hello@croftcommon.local', name: 'Croft Common' });
    expect(email.headers['x-croft-purpose']).toBe('sign-in');
  });

  it('sends attachments: a file, and an image the HTML shows by its cid', async () => {
    const mailer = createMailer({ smtpUrl: target.smtpUrl, from: 'Croft Common <hello@croftcommon.local>' });
    const to = `attach-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await mailer.send({
      to,
      subject: 'With files',
      text: 'See attached',
      html: '<p><img src="cid:dot@croft" alt="dot"></p>',
      attachments: [
        { filename: 'event.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8' },
        { filename: 'dot.png', content: png, contentType: 'image/png', cid: 'dot@croft' },
      ],
    });
    mailer.close();
    const email = await waitForEmail(target.webUrl, (e) => e.to.some((r) => r.address === to));
    const files = email.attachments ?? [];
    expect(files.map((f) => f.fileName).sort()).toEqual(['dot.png', 'event.ics']);
    const ics = files.find((f) => f.fileName === 'event.ics')!;
    expect((await emailAttachment(target.webUrl, email, ics.generatedFileName)).toString()).toContain('BEGIN:VCALENDAR');
    expect(files.find((f) => f.fileName === 'dot.png')?.contentId).toBe('dot@croft');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'hello@croftcommon.local' });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});

/** An SMTP "server" that accepts connections and then says nothing (or only its greeting). */
async function stalledServer(options: { greet?: boolean } = {}): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (options.greet) socket.write('220 stalled.test ESMTP\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function elapsed(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  try {
    await promise;
    return { ms: Date.now() - started, error: undefined };
  } catch (error) {
    return { ms: Date.now() - started, error };
  }
}

describe('createMailer timeouts (one policy for every send)', () => {
  const message = { to: 'a@example.com', subject: 's', text: 't' };

  it('keeps every default short enough for a person waiting', () => {
    expect(MAIL_TIMEOUTS.sendMs).toBeLessThanOrEqual(10_000);
    expect(MAIL_TIMEOUTS.connectionMs).toBeLessThan(MAIL_TIMEOUTS.sendMs);
    expect(MAIL_TIMEOUTS.greetingMs).toBeLessThan(MAIL_TIMEOUTS.sendMs);
    expect(MAIL_TIMEOUTS.socketMs).toBeLessThanOrEqual(MAIL_TIMEOUTS.sendMs);
  });

  it('rejects within the overall deadline when the server accepts and never answers', { timeout: 5_000 }, async () => {
    const server = await stalledServer();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from: 'hello@croftcommon.local',
      timeouts: { sendMs: 300, greetingMs: 60_000, socketMs: 60_000 },
    });
    const { ms, error } = await elapsed(mailer.send(message));
    mailer.close();
    await server.close();
    expect(error).toBeInstanceOf(MailTimeoutError);
    expect((error as MailTimeoutError).code).toBe('ETIMEDOUT');
    expect(String((error as Error).message)).not.toContain('a@example.com');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(1_500);
  });

  it('gives up on a server that never greets after greetingMs', { timeout: 5_000 }, async () => {
    const server = await stalledServer();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from: 'hello@croftcommon.local',
      timeouts: { greetingMs: 200, sendMs: 3_000 },
    });
    const { ms, error } = await elapsed(mailer.send(message));
    mailer.close();
    await server.close();
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MailTimeoutError);
    expect(ms).toBeLessThan(1_500);
  });

  it('gives up on a server that greets and then stalls after socketMs', { timeout: 5_000 }, async () => {
    const server = await stalledServer({ greet: true });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${server.port}`,
      from: 'hello@croftcommon.local',
      timeouts: { socketMs: 200, sendMs: 3_000 },
    });
    const { ms, error } = await elapsed(mailer.send(message));
    mailer.close();
    await server.close();
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MailTimeoutError);
    expect(ms).toBeLessThan(1_500);
  });

  it('rejects at once when the server refuses the connection', { timeout: 5_000 }, async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'hello@croftcommon.local' });
    const { ms, error } = await elapsed(mailer.send(message));
    mailer.close();
    expect(String((error as Error).message)).toContain('ECONNREFUSED');
    expect(error).not.toBeInstanceOf(MailTimeoutError);
    expect(ms).toBeLessThan(1_500);
  });
});
