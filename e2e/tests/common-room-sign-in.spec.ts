import { expect, test } from '../support/test';
import { drawSeven, pressSeven } from '../support/gesture';
import { signInCodeFor } from '../support/maildev';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('draw the 7 on /common-room, sign in with the emailed code, use the Member menu, sign out', async ({ page }) => {
  const email = uniqueEmail('member');
  await page.goto('/common-room');
  await expect(page.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeVisible();
  await drawSeven(page);

  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  await signIn.getByRole('textbox', { name: /Email/ }).fill(email);
  await signIn.getByRole('button', { name: 'Send code' }).click();

  const codeStep = page.getByRole('dialog', { name: 'Enter verification code' });
  await expect(codeStep).toBeVisible();
  await expect(page.getByText('Code sent!')).toBeVisible();
  const verify = codeStep.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await codeStep.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor(email));
  await verify.click();

  await expect(page).toHaveURL('/common-room/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Common Room' })).toBeVisible();

  // The session survives a reload (refresh cookie), and the Member menu appears.
  await page.reload();
  const member = page.getByRole('button', { name: 'Member' });
  await expect(member).toBeVisible();
  await member.click();
  await expect(page.locator('#member-menu').getByRole('link', { name: 'Ledger', exact: true })).toHaveAttribute('href', '/common-room/member/ledger');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await expect(member).toBeHidden();
});

test("a wrong code says 'Invalid code'", async ({ page }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/common-room');
  await expect(page.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeVisible();
  await pressSeven(page);
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByRole('textbox', { name: /Email/ }).fill(email);
  await signIn.getByRole('button', { name: 'Send code' }).click();
  const real = await signInCodeFor(email);
  const wrong = real === '000000' ? '111111' : '000000';
  const codeStep = page.getByRole('dialog', { name: 'Enter verification code' });
  await codeStep.getByRole('textbox', { name: /6-digit code/ }).fill(wrong);
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/common-room');
});
