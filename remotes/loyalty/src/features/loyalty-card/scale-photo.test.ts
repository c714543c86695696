import { describe, expect, it } from 'vitest';
import { fitWithin, scalePhoto } from './scale-photo';

describe('fitWithin', () => {
  it('scales the longer side down to 1600 px, keeping the shape', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 1600, height: 1600 });
  });
  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 10)).toEqual({ width: 1600, height: 10 });
  });
  it('keeps at least one pixel', () => {
    expect(fitWithin(20000, 1, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

describe('scalePhoto', () => {
  it('sends the original where the browser cannot decode it here (jsdom has no createImageBitmap)', async () => {
    const original = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    expect(await scalePhoto(original)).toEqual({ blob: original, scaled: false });
  });
});
