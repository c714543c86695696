import { expect, test } from '../support/test';

test('a remote that fails to load gets a branded fallback with Retry; other routes keep working', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  // The common-room team's deployment is down.
  let blocked = true;
  await page.route('**/remotes/common-room/remoteEntry.js', (route) => (blocked ? route.abort('failed') : route.fallback()));

  await page.goto('/common-room');
  await expect(page.getByRole('heading', { level: 1, name: "We can't open this just now" })).toBeVisible();
  await expect(page.getByText("The Common Room didn't load", { exact: false })).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  // The failure is logged once, not on every render.
  expect(errors.filter((e) => e.includes('remote "common_room" failed to load'))).toHaveLength(1);

  // The rest of the site is unaffected.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BEER' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beer' })).toBeVisible();
  await page.getByRole('link', { name: 'Croft Common, home' }).click();
  await expect(page.getByRole('region', { name: 'Questions, answered' })).toBeVisible();

  // Still down: back to the members' area shows the fallback again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'THE COMMON ROOM' }).click();
  await expect(retry).toBeVisible();

  // The deployment is back: Retry loads it without a page reload.
  blocked = false;
  await retry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeVisible();
  await expect(page).toHaveURL('/common-room');
});
