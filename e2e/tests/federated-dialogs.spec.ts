import { expect, test } from '../support/test';
import { drawSeven, pressSeven } from '../support/gesture';

test('drawing the secret 7 on /cafe opens the loyalty card, fetched from the loyalty remote only then', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'Cafe' })).toBeVisible();
  expect(fetched.some((p) => p.startsWith('/remotes/loyalty/'))).toBe(false);

  await drawSeven(page);
  const dialog = page.getByRole('dialog', { name: 'Sign in to your loyalty card' });
  await expect(dialog).toBeVisible();
  expect(fetched).toContain('/remotes/loyalty/remoteEntry.js');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('pressing 7 (the keyboard equivalent) on /hall opens secret cinema booking', async ({ page }) => {
  await page.goto('/hall');
  await expect(page.getByRole('heading', { level: 1, name: 'Hall' })).toBeVisible();
  await pressSeven(page);
  await expect(page.getByRole('dialog', { name: 'Secret Cinema Club' })).toBeVisible();
});

test('a loyalty remote that is down gives a friendly error with Retry, not a crash', async ({ page }) => {
  let blocked = true;
  await page.route('**/remotes/loyalty/remoteEntry.js', (route) => (blocked ? route.abort('failed') : route.fallback()));
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'Cafe' })).toBeVisible();
  await pressSeven(page);
  const sorry = page.getByRole('dialog', { name: "We can't open this just now" });
  await expect(sorry).toBeVisible();
  await expect(sorry.getByText("The loyalty card didn't load")).toBeVisible();

  blocked = false;
  await sorry.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in to your loyalty card' })).toBeVisible();
  // The page underneath never broke.
  await expect(page.getByRole('heading', { level: 1, name: 'Cafe' })).toBeAttached();
});
