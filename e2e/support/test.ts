import { test as base, expect } from '@playwright/test';

/**
 * The site's Playwright test: the intro on / has already played in this browser session (as for
 * any visitor after their first page), so it does not cover pages under test. Tests about the
 * intro itself opt in with `test.use({ playIntro: true })`.
 */
export const test = base.extend<{ playIntro: boolean }>({
  playIntro: [false, { option: true }],
  page: async ({ page, playIntro }, provide) => {
    if (!playIntro) await page.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
    await provide(page);
  },
});

export { expect };
export type { Locator, Page } from '@playwright/test';
