import { expect } from '@playwright/test';

export const MAILDEV_WEB = process.env.E2E_MAILDEV_WEB ?? 'http://127.0.0.1:1180';

interface MailDevEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  headers: Record<string, string>;
  date: string;
  attachments?: { fileName: string; generatedFileName: string; contentType: string }[];
}

/**
 * The newest email to `address` (waits for it), read through MailDev's REST API. `since` (epoch
 * ms, taken before the action that sends it) skips older emails to the same address, so a second
 * sign-in does not read the first one's code.
 */
export async function latestEmailTo(address: string, subject?: RegExp, since = 0): Promise<MailDevEmail> {
  let found: MailDevEmail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAILDEV_WEB}/email`);
        const all = (await res.json()) as MailDevEmail[];
        found = all
          .filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
          .filter((m) => !subject || subject.test(m.subject))
          .filter((m) => Date.parse(m.date) >= since - 1000)
          .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
        return Boolean(found);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code in the newest sign-in email to `address` (sent at or after `since`, epoch ms). */
export async function signInCodeFor(address: string, since = 0): Promise<string> {
  const mail = await latestEmailTo(address, /sign-in code/i, since);
  const code = /\b(\d{6})\b/.exec(mail.text ?? mail.html ?? '')?.[1];
  expect(code, 'no 6-digit code in the sign-in email').toBeTruthy();
  return code!;
}
