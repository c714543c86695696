import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestEmailTo, signInCodeFor } from './maildev';

export const E2E_ORIGIN = 'http://localhost:3300';
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A platform authenticator with resident keys and user verification, as on a phone with Face ID. */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Subscribes `email` to the newsletter through the API (a member from that moment). */
export async function subscribe(page: Page, email: string, name = 'Grace Hopper') {
  const res = await page.request.post('/api/newsletter/subscribe', {
    headers: { Origin: E2E_ORIGIN },
    data: { email, name, consent: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function membershipCode(email: string): Promise<string> {
  const mail = await latestEmailTo(email, /membership code/i);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  expect(code).toBeTruthy();
  return code!;
}

/**
 * The members' gate on a device without a passkey yet: Face ID creates one, then the member
 * links it with the code emailed to them. Leaves the page on the revealed feature.
 */
export async function passGateByLinking(page: Page, email: string) {
  const passkey = page.getByRole('dialog', { name: 'Croft Common Membership' });
  await expect(passkey).toBeVisible();
  await passkey.getByRole('button', { name: 'Use Face ID / Passkey' }).click();
  const link = page.getByRole('dialog', { name: 'Link your membership' });
  await expect(link).toBeVisible();
  await link.getByRole('textbox', { name: /Email/ }).fill(email);
  await link.getByRole('button', { name: 'Send code' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Enter your code' });
  await expect(codeStep).toBeVisible();
  await codeStep.getByRole('textbox').fill(await membershipCode(email));
  await codeStep.getByRole('button', { name: 'Link membership' }).click();
  await expect(page.getByText('Membership Linked')).toBeVisible();
}

/** Signs `email` in through the identity API (an invited admin or a subscriber): bearer headers. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const since = Date.now();
  const sent = await request.post('/api/identity/otp', { headers: { Origin: E2E_ORIGIN }, data: { email, create_user: false } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post('/api/identity/verify', { headers: { Origin: E2E_ORIGIN }, data: { type: 'email', email, token: await signInCodeFor(email, since) } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { Origin: E2E_ORIGIN, Authorization: `Bearer ${(await verified.json()).access_token}` };
}
