import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailDev, waitForEmail, type RunningMailDev } from '@croft/maildev';
import { createMailer } from './mailer';

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

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'hello@croftcommon.local' });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});
