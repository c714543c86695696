import { expect, test, type Locator, type Page } from '../support/test';
import { REMOTES } from '@croft/contracts/remotes';
import { MOCK_ADMIN_EMAIL, MOCK_SIGN_IN_CODE } from '@croft/mocks';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFolder } from '../support/static-server';

type RemoteFolder = (typeof REMOTES)[number]['folder'];

/**
 * Every remote of the registry (libs/contracts/src/remotes.ts) runs alone on a plain static host,
 * answered by MSW: no gateway, no database. (Built by `nx run <remote>:build-standalone`, part of
 * `npm run build`.)
 */
const dist = (name: string) => resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/standalone', name);

/** A closer look at some remotes, beyond booting: what each one's standalone page can do. */
const CHECKS: Partial<Record<RemoteFolder, (page: Page, url: string) => Promise<void>>> = {
  site: async (page, url) => {
    await page.goto(`${url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
    // The fixture question exists only in libs/mocks, so this proves MSW answered.
    await expect(page.getByRole('button', { name: 'When is Croft Common open?' })).toBeVisible();
  },
  'common-room': (page, url) => rendersPage(page, `${url}/common-room/member/moments`, 'Moments'),
  // The cms starts in the mocks' staff world: the guard sends a visitor to sign in, the listed
  // admin signs in with the mock code (and the authenticator step), and lands where they were going.
  cms: async (page, url) => {
    await rendersPage(page, `${url}/cms/faq/beer`, 'Staff sign in');
    await page.getByRole('textbox', { name: /Work email/ }).fill(MOCK_ADMIN_EMAIL);
    await page.getByRole('button', { name: /Send( the)? code/ }).click();
    await page.getByRole('textbox', { name: /6-digit code/ }).fill(MOCK_SIGN_IN_CODE);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(MOCK_SIGN_IN_CODE);
    await page.getByRole('button', { name: /Verify|Continue/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ editor' })).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/faq\/beer$/);
  },
  loyalty: (page, url) => opensDialog(page, url, 'Open the loyalty card', 'Sign in to your loyalty card'),
  // The screening's status comes from the cinema mocks (23 of 50 left), so this proves MSW answered.
  cinema: (page, url) =>
    opensDialog(page, url, 'Open Secret Cinema', 'Secret Cinema Club', async (dialog) => {
      await expect(dialog.getByText('Tickets left')).toBeVisible();
      await expect(dialog.getByText('23', { exact: true })).toBeVisible();
    }),
};

async function rendersPage(page: Page, url: string, heading: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function opensDialog(page: Page, url: string, button: string, title: string, inside?: (dialog: Locator) => Promise<void>) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await inside?.(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: button })).toBeFocused();
}

// Every remote of the registry: its standalone build boots on a static host with MSW, without errors.
for (const remote of REMOTES) {
  test(`${remote.folder} alone boots with MSW mocks`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const host = await serveFolder(dist(remote.folder));
    try {
      await page.goto(`${host.url}/`);
      await expect(page.getByText(`Standalone ${remote.folder} · MSW mocks`, { exact: false })).toBeVisible();
      await CHECKS[remote.folder as RemoteFolder]?.(page, host.url);
      expect(errors).toEqual([]);
    } finally {
      await host.close();
    }
  });
}
