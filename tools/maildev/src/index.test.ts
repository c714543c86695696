import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { clearInbox, deleteAllEmails, freePort, listEmails, startMailDev, waitForEmail } from './index';

async function send(smtpUrl: string, to: string, subject: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  await transport.sendMail({ from: 'hello@croftcommon.local', to, subject, text: 'hi' });
  transport.close();
}

describe('startMailDev', () => {
  it('catches mail on the SMTP port and serves it over the REST API, then stops and frees its ports', async () => {
    const maildev = await startMailDev();
    try {
      expect(maildev.smtpUrl).toBe(`smtp://127.0.0.1:${maildev.smtpPort}`);
      expect(await listEmails(maildev.webUrl)).toEqual([]);
      await send(maildev.smtpUrl, 'one@example.com', 'First');
      await send(maildev.smtpUrl, 'two@example.com', 'Second');
      const second = await waitForEmail(maildev.webUrl, (e) => e.subject === 'Second');
      expect(second.to).toEqual([{ address: 'two@example.com', name: '' }]);
      expect((await listEmails(maildev.webUrl)).map((e) => e.subject)).toEqual(['First', 'Second']);
      await deleteAllEmails(maildev.webUrl);
      expect(await listEmails(maildev.webUrl)).toEqual([]);
      await expect(startMailDev()).rejects.toThrow(/already running in this process/);
      await expect(waitForEmail(maildev.webUrl, () => false, 300)).rejects.toThrow(/No matching email/);
    } finally {
      await maildev.stop();
    }
    await expect(listEmails(maildev.webUrl)).rejects.toThrow();
    // MailDev's signal handlers (which call process.exit) were not left behind.
    expect(process.listeners('SIGINT').some((l) => String(l).includes('shutdown'))).toBe(false);

    // It can start again in the same process once stopped.
    const again = await startMailDev({ smtpPort: maildev.smtpPort, webPort: maildev.webPort });
    try {
      await send(again.smtpUrl, 'three@example.com', 'Third');
      expect((await waitForEmail(again.webUrl, (e) => e.subject === 'Third')).subject).toBe('Third');
    } finally {
      await again.stop();
    }
  });

  it('deletes all twice in a row without an uncaught error, and removes the messages\' files', async () => {
    // MailDev's own delete-all threw ENOENT (uncaught, failing the run) when a second one raced
    // the first over the same files; vitest reports such an error as a failed run.
    const maildev = await startMailDev();
    try {
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) await send(maildev.smtpUrl, `r${round}@example.com`, `Round ${round} #${i}`);
        await waitForEmail(maildev.webUrl, (e) => e.subject === `Round ${round} #3`);
        const sources = (await listEmails(maildev.webUrl)).map((e) => (e as unknown as { source: string }).source);
        expect(sources).toHaveLength(4);
        expect(sources.every((file) => existsSync(file))).toBe(true);
        await Promise.all([deleteAllEmails(maildev.webUrl), deleteAllEmails(maildev.webUrl)]);
        await deleteAllEmails(maildev.webUrl);
        expect(await listEmails(maildev.webUrl)).toEqual([]);
        await expect.poll(() => sources.filter((file) => existsSync(file))).toEqual([]);
      }
    } finally {
      await maildev.stop();
    }
  });

  it('clears the inbox only once the messages sent so far have arrived', async () => {
    const maildev = await startMailDev();
    try {
      // Sent without waiting: clearInbox is called while they are still on their way.
      const sending = Promise.all([1, 2, 3].map((i) => send(maildev.smtpUrl, `c${i}@example.com`, `Clear ${i}`)));
      await clearInbox(maildev.webUrl, 3);
      await sending;
      // Had it deleted before all three were stored, a late one would still be listed now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await listEmails(maildev.webUrl)).toEqual([]);
      // It gives up waiting for messages that never come, and still empties the inbox.
      await send(maildev.smtpUrl, 'late@example.com', 'Late');
      await waitForEmail(maildev.webUrl, (e) => e.subject === 'Late');
      const started = Date.now();
      await clearInbox(maildev.webUrl, 5, 300);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(await listEmails(maildev.webUrl)).toEqual([]);
    } finally {
      await maildev.stop();
    }
  });

  it('says clearly when a port is taken instead of crashing the process', async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      await expect(startMailDev({ smtpPort: port })).rejects.toThrow(`MailDev SMTP port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});
