import { expect, type Page } from '@playwright/test';
import { pressSeven } from './gesture';
import { signInCodeFor } from './maildev';

/** Signs in on /common-room with an emailed code (the keyboard 7), ending on the members' landing page. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  await page.goto('/common-room');
  await expect(page.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeVisible();
  await pressSeven(page);
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByRole('textbox', { name: /Email/ }).fill(email);
  await signIn.getByRole('button', { name: 'Send code' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Enter verification code' });
  await codeStep.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor(email));
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/common-room/main');
}
