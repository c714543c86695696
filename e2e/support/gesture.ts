import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page listens for the secret 7. A prerendered page shows its heading before
 * any script runs, so "the heading is visible" does not mean a 7 would be seen yet; the gesture
 * hook marks the element it listens on with data-secret-seven="ready".
 */
export async function waitForSevenReady(page: Page): Promise<void> {
  await expect(page.locator('[data-secret-seven="ready"]').first()).toBeAttached();
}

/**
 * Draws a "7" with the mouse over the page: a top stroke left to right, then a long stroke down
 * and to the left, as a person would.
 */
export async function drawSeven(page: Page, origin = { x: 120, y: 360 }): Promise<void> {
  await waitForSevenReady(page);
  const { x, y } = origin;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + i * 12, y + (i % 2), { steps: 1 });
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + 144 - i * 5, y + i * 12, { steps: 1 });
  await page.mouse.up();
}

/** Presses the "7" key (the keyboard equivalent of drawing it) once the page listens. */
export async function pressSeven(page: Page): Promise<void> {
  await waitForSevenReady(page);
  await page.keyboard.press('7');
}
