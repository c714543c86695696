import { expect, test, type Page } from '../support/test';
import { drawSeven } from '../support/gesture';
import { latestEmailTo } from '../support/maildev';

const ORIGIN = 'http://localhost:3300';
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A platform authenticator with resident keys and user verification, as on a phone with Face ID. */
async function addVirtualAuthenticator(page: Page) {
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

async function subscribe(page: Page, email: string) {
  const res = await page.request.post('/api/newsletter/subscribe', {
    headers: { Origin: ORIGIN },
    data: { email, name: 'Grace Hopper', consent: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function membershipCode(email: string): Promise<string> {
  const mail = await latestEmailTo(email, /membership code/i);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  expect(code).toBeTruthy();
  return code!;
}

test('a subscriber links membership by code, then unlocks /beer by passkey', async ({ page }) => {
  const email = uniqueEmail('member');
  await subscribe(page, email);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/beer');
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await drawSeven(page);

  // No passkey on this device yet: the passkey modal, then a new passkey, then linking.
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
  const secret = page.getByRole('dialog', { name: 'Membership. Not Members' });
  await expect(secret).toBeVisible();
  await expect(secret.getByText('Not-So-Common IPA: 2.5/5')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.length).toBe(1);
  await page.keyboard.press('Escape');
  await expect(secret).toBeHidden();

  // Later visit on this device: the stored passkey handle and live membership let the member in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await drawSeven(page);
  await expect(page.getByText('Croft Common Membership access granted via secure Face ID/Passkey')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Membership. Not Members' })).toBeVisible();

  // The site forgot the handle but knows this device has a passkey: Face ID (a real assertion
  // by the authenticator) finds the member's linked passkey.
  await page.evaluate(() => {
    localStorage.removeItem('croft.passkey.userHandle');
    localStorage.removeItem('croft.membership.lastSuccessAt');
    sessionStorage.clear();
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await drawSeven(page);
  await page.getByRole('dialog', { name: 'Croft Common Membership' }).getByRole('button', { name: 'Use Face ID / Passkey' }).click();
  await expect(page.getByText('Croft Common Membership access granted via secure Face ID/Passkey')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Membership. Not Members' })).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length).toBe(1);
});

test("a non-subscriber is told 'That email is not an active subscriber.'", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await page.goto('/beer');
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await page.keyboard.press('7');
  await page.getByRole('dialog', { name: 'Croft Common Membership' }).getByRole('button', { name: 'Use Face ID / Passkey' }).click();
  const link = page.getByRole('dialog', { name: 'Link your membership' });
  await link.getByRole('textbox', { name: /Email/ }).fill(uniqueEmail('stranger'));
  await link.getByRole('button', { name: 'Send code' }).click();
  await expect(link.getByText('That email is not an active subscriber.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Membership. Not Members' })).toHaveCount(0);
});
