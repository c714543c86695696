import { describe, expect, it } from 'vitest';
import { EDITOR_POPUP_MARGIN, EDITOR_POPUP_WIDTH } from '@croft/contracts';
import { POPUP_GAP, popupPlacement, type Box } from './popup-position';

const viewport = { width: 1024, height: 768 };
const box = (left: number, top: number, width = 200, height = 40): Box => ({ left, top, right: left + width, bottom: top + height });
const inside = (p: ReturnType<typeof popupPlacement>, height: number, v = viewport) => {
  expect(p.left).toBeGreaterThanOrEqual(EDITOR_POPUP_MARGIN);
  expect(p.top).toBeGreaterThanOrEqual(EDITOR_POPUP_MARGIN);
  expect(p.left + p.width).toBeLessThanOrEqual(v.width - EDITOR_POPUP_MARGIN);
  expect(p.top + Math.min(height, p.maxHeight)).toBeLessThanOrEqual(v.height - EDITOR_POPUP_MARGIN);
};

describe('popupPlacement', () => {
  it('is 300 px wide, just below the text and aligned with it', () => {
    const p = popupPlacement(box(100, 100), 400, viewport);
    expect(p).toMatchObject({ width: EDITOR_POPUP_WIDTH, left: 100, top: 140 + POPUP_GAP });
  });

  it('goes above a text near the bottom of the screen', () => {
    const p = popupPlacement(box(100, 600), 300, viewport);
    expect(p.top).toBe(600 - POPUP_GAP - 300);
    inside(p, 300);
  });

  it('stays 20 px inside the viewport at every edge', () => {
    for (const anchor of [box(-50, -50), box(1000, 10), box(900, 740, 300, 20), box(0, 300, 1024, 200), box(10, 380)]) {
      const p = popupPlacement(anchor, 500, viewport);
      inside(p, 500);
    }
    const right = popupPlacement(box(1000, 100), 200, viewport);
    expect(right.left).toBe(viewport.width - EDITOR_POPUP_MARGIN - EDITOR_POPUP_WIDTH);
  });

  it('narrows on a small phone and scrolls when taller than the screen', () => {
    const phone = { width: 320, height: 480 };
    const p = popupPlacement(box(10, 100), 900, phone);
    expect(p.width).toBe(320 - 2 * EDITOR_POPUP_MARGIN);
    expect(p.maxHeight).toBe(480 - 2 * EDITOR_POPUP_MARGIN);
    expect(p.top).toBe(EDITOR_POPUP_MARGIN);
    inside(p, 900, phone);
  });
});
