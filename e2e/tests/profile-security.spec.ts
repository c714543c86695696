import { expect, test } from '../support/test';
import { authenticator } from 'otplib';
import { signInWithCode } from '../support/sign-in';

test('a member turns on two-step verification with an authenticator app, and signs out other devices', async ({ page }) => {
  await signInWithCode(page, `totp-${Date.now()}@example.com`);
  await page.getByRole('link', { name: /Profile/ }).first().click();
  await expect(page).toHaveURL('/common-room/member/profile');
  await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const code = page.locator('.cr-profile__code');
  await expect(code).toHaveText(/^\s*[A-Z2-7]{16,}\s*$/);
  const secret = (await code.textContent())?.trim() ?? '';
  // What the person's authenticator app would show right now.
  await page.getByRole('textbox', { name: /6-digit code from your app/ }).fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out of other devices' }).click();
  await expect(page.getByText('Signed out of other devices')).toBeVisible();
});
