import { expect, test } from '../support/test';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveFolder } from '../support/static-server';

/**
 * Every remote runs alone on a plain static host, answered by MSW: no gateway, no database.
 * (Built by `nx run <remote>:build-standalone`, part of `npm run build`.)
 */
const dist = (name: string) => resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/standalone', name);

test('site alone: the home FAQ comes from MSW fixtures', async ({ page }) => {
  const host = await serveFolder(dist('site'));
  try {
    await page.goto(`${host.url}/`);
    await expect(page.getByText('Standalone site · MSW mocks', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
    // The fixture question exists only in libs/mocks, so this proves MSW answered.
    await expect(page.getByRole('button', { name: 'When is Croft Common open?' })).toBeVisible();
  } finally {
    await host.close();
  }
});

for (const [name, path, heading] of [
  ['common-room', '/common-room/member/moments', 'Moments'],
  ['cms', '/cms/faq/beer', 'FAQ: beer'],
] as const) {
  test(`${name} alone renders its pages`, async ({ page }) => {
    const host = await serveFolder(dist(name));
    try {
      await page.goto(`${host.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    } finally {
      await host.close();
    }
  });
}

for (const [name, button, title] of [
  ['loyalty', 'Open the loyalty card', 'Sign in to your loyalty card'],
  ['cinema', 'Open cinema booking', 'Secret Cinema Club'],
] as const) {
  test(`${name} alone opens the dialog it exposes`, async ({ page }) => {
    const host = await serveFolder(dist(name));
    try {
      await page.goto(`${host.url}/`);
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: button })).toBeFocused();
    } finally {
      await host.close();
    }
  });
}
