import { expect, test } from '../support/test';
import { drawSeven, pressSeven } from '../support/gesture';
import { addVirtualAuthenticator, passGateByLinking, subscribe, uniqueEmail } from '../support/membership';

test('a subscriber links membership by code, then unlocks /beer by passkey', async ({ page }) => {
  const email = uniqueEmail('member');
  await subscribe(page, email);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto('/beer');
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await drawSeven(page);

  // No passkey on this device yet: the passkey modal, then a new passkey, then linking.
  await passGateByLinking(page, email);
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
  await pressSeven(page);
  await page.getByRole('dialog', { name: 'Croft Common Membership' }).getByRole('button', { name: 'Use Face ID / Passkey' }).click();
  const link = page.getByRole('dialog', { name: 'Link your membership' });
  await link.getByRole('textbox', { name: /Email/ }).fill(uniqueEmail('stranger'));
  await link.getByRole('button', { name: 'Send code' }).click();
  await expect(link.getByText('That email is not an active subscriber.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Membership. Not Members' })).toHaveCount(0);
});
