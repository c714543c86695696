import { expect, test } from '../support/test';

const NAV = [
  ['CAFE', '/cafe', 'The Cafe'],
  ['COCKTAILS', '/cocktails', 'Cocktails'],
  ['BEER', '/beer', 'The Beer Hall'],
  ['KITCHENS', '/kitchens', 'The Kitchens'],
  ['HALL', '/hall', 'The Hall'],
  ['COMMUNITY', '/community', 'Community'],
  ['THE COMMON ROOM', '/common-room', 'The Common Room'],
] as const;

test('every nav entry links to its section and marks the current page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href, heading] of NAV) {
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await link.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
  }
});

test('a capitalised known section is redirected to lower case', async ({ page }) => {
  await page.goto('/Cafe');
  await expect(page).toHaveURL('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'Cafe' })).toBeVisible();
});

for (const alias of ['/CroftCommonDate&Time', '/CroftCommonDateTime', '/croftcommondatetime']) {
  test(`the date-time alias ${alias} redirects`, async ({ page }) => {
    await page.goto(alias);
    await expect(page).toHaveURL('/croft-common-datetime');
    await expect(page.getByRole('heading', { level: 1, name: 'Croft Common date and time' })).toBeVisible();
  });
}

test('an unknown path shows the not-found page inside the layout', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('each remote subtree renders: common room, member pages; cms and admin ask a visitor to sign in as staff', async ({ page }) => {
  for (const [path, heading] of [
    ['/common-room/main', 'Common Room'],
    ['/common-room/member/ledger', 'Ledger'],
    ['/manage-event/abc123', 'Manage event'],
    ['/cms/faq/home', 'Staff sign in'],
    ['/admin/member-analytics', 'Staff sign in'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path.startsWith('/manage-event/')) await expect(page.getByText('Event reference: abc123')).toBeVisible();
    if (heading === 'Staff sign in') await expect(page).toHaveURL(`/cms/login?next=${encodeURIComponent(path)}`);
  }
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Questions, answered' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BEER' }).click();
  await expect(page).toHaveURL('/beer');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
