import { expect, test } from '../support/test';
import { signInCodeFor } from '../support/maildev';

const KITCHENS = 'http://127.0.0.1:3300';

test('on the public site /secretkitchens is restricted and points to its own address', async ({ page }) => {
  await page.goto('/secretkitchens');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible();
  await expect(page.getByRole('link', { name: `${KITCHENS}/secretkitchens` })).toHaveAttribute('href', `${KITCHENS}/secretkitchens`);
});

test('on its own host every page leads to Secret Kitchens, where only invited emails sign in', async ({ page }) => {
  await page.goto(`${KITCHENS}/cafe`);
  await expect(page).toHaveURL(`${KITCHENS}/secretkitchens`);
  await expect(page.getByRole('heading', { level: 1, name: 'Secret Kitchens' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In to Secret Kitchens' });
  await dialog.getByRole('textbox', { name: /Email/ }).fill('stranger@example.com');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('This email address is not authorized for Secret Kitchens.')).toBeVisible();

  await dialog.getByRole('textbox', { name: /Email/ }).fill('chef@example.com');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = page.getByRole('dialog', { name: 'Enter verification code' });
  await code.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor('chef@example.com'));
  await code.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByText('chef@example.com')).toBeVisible();
});
