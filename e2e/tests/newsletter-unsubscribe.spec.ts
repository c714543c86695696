import { expect, test } from '../support/test';
import { latestEmailTo } from '../support/maildev';

const ORIGIN = 'http://localhost:3300';
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function subscribe(request: import('@playwright/test').APIRequestContext, email: string) {
  const res = await request.post('/api/newsletter/subscribe', {
    headers: { Origin: ORIGIN },
    data: { email, name: 'Ada Lovelace', consent: true, interests: ['Film & Cinema'] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { status: string; welcome_email: string };
}

function unsubscribeUrl(header: string): string {
  const https = /<(https?:\/\/[^>]+)>/.exec(header)?.[1];
  expect(https, `no http(s) URL in List-Unsubscribe: ${header}`).toBeTruthy();
  return https!;
}

test('the welcome email carries RFC 8058 headers and the one-click POST ends membership', async ({ request }) => {
  const email = uniqueEmail('oneclick');
  expect(await subscribe(request, email)).toEqual({ status: 'subscribed', welcome_email: 'sent' });
  const mail = await latestEmailTo(email, /welcome/i);
  const header = mail.headers['list-unsubscribe'];
  expect(header).toMatch(/<mailto:[^>]+>/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // What a mail provider does when the reader presses "Unsubscribe".
  const oneClick = await request.post(unsubscribeUrl(header), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.json()).toEqual({ status: 'unsubscribed' });
  // Subscribing again is a re-subscription: the unsubscribe took effect.
  expect((await subscribe(request, email)).status).toBe('resubscribed');
});

test("opening the link asks for one click on the site's page, then says 'You're out'", async ({ page, request }) => {
  const email = uniqueEmail('link');
  await subscribe(request, email);
  const mail = await latestEmailTo(email, /welcome/i);
  await page.goto(unsubscribeUrl(mail.headers['list-unsubscribe']));
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  // Opening the page changed nothing yet.
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're out" })).toBeVisible();
  expect((await subscribe(request, email)).status).toBe('resubscribed');
});
