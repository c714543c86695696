import type { Page } from '@playwright/test';

/**
 * Draws a "7" with the mouse over the page: a top stroke left to right, then a long stroke down
 * and to the left, as a person would.
 */
export async function drawSeven(page: Page, origin = { x: 120, y: 360 }): Promise<void> {
  const { x, y } = origin;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + i * 12, y + (i % 2), { steps: 1 });
  for (let i = 1; i <= 12; i++) await page.mouse.move(x + 144 - i * 5, y + i * 12, { steps: 1 });
  await page.mouse.up();
}
