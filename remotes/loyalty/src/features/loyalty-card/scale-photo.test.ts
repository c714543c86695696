import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCALED_JPEG_QUALITY, fitWithin, scalePhoto } from './scale-photo';

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

  describe('where the browser can decode it (createImageBitmap and OffscreenCanvas stubbed)', () => {
    afterEach(() => vi.unstubAllGlobals());

    function stubBrowser({ decodes = true, encodedSize = 1000 } = {}) {
      const drawn: { width: number; height: number }[] = [];
      const encoded: unknown[] = [];
      const close = vi.fn();
      const decode = vi.fn(async () => {
        if (!decodes) throw new DOMException('cannot decode', 'InvalidStateError');
        return { width: 4032, height: 3024, close };
      });
      class FakeCanvas {
        constructor(public width: number, public height: number) {}
        getContext() {
          return { drawImage: (_image: unknown, _x: number, _y: number, width: number, height: number) => drawn.push({ width, height }) };
        }
        async convertToBlob(options: unknown) {
          encoded.push(options);
          return new Blob([new Uint8Array(encodedSize)], { type: 'image/jpeg' });
        }
      }
      vi.stubGlobal('createImageBitmap', decode);
      vi.stubGlobal('OffscreenCanvas', FakeCanvas);
      return { decode, drawn, encoded, close };
    }

    it('decodes it upright, draws it with its longer side at 1600 px and sends a JPEG at 0.85', async () => {
      const { decode, drawn, encoded, close } = stubBrowser();
      const original = new Blob([new Uint8Array(4_000_000)], { type: 'image/jpeg' });
      const scaled = await scalePhoto(original);
      expect(decode).toHaveBeenCalledWith(original, { imageOrientation: 'from-image' });
      expect(drawn).toEqual([{ width: 1600, height: 1200 }]);
      expect(encoded).toEqual([{ type: 'image/jpeg', quality: SCALED_JPEG_QUALITY }]);
      expect(scaled.scaled).toBe(true);
      expect(scaled.blob.size).toBe(1000);
      expect(close).toHaveBeenCalled();
    });

    it('sends the original when it cannot be decoded (a format the browser does not know)', async () => {
      stubBrowser({ decodes: false });
      const original = new Blob([new Uint8Array(10)], { type: 'image/heic' });
      expect(await scalePhoto(original)).toEqual({ blob: original, scaled: false });
    });
  });
});
