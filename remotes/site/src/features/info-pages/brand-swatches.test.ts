import { describe, expect, it } from 'vitest';
import { accents, contrastRatio } from '@croft/ui/tokens';
import { AA_TEXT, brandSwatches, formatRatio, toHex, toHsl } from './brand-swatches';

describe('colour conversions', () => {
  it('gives hex for hex and HSL tokens', () => {
    expect(toHex('#000000')).toBe('#000000');
    expect(toHex('#fff')).toBe('#ffffff');
    expect(toHex('hsl(0 100% 35%)')).toBe('#b30000');
    expect(toHex('hsl(120 100% 50%)')).toBe('#00ff00');
    expect(toHex('hsl(240 100% 50%)')).toBe('#0000ff');
  });

  it('gives HSL back for hex', () => {
    expect(toHsl('#000000')).toBe('hsl(0 0% 0%)');
    expect(toHsl('#ffffff')).toBe('hsl(0 0% 100%)');
    expect(toHsl('#ff0000')).toBe('hsl(0 100% 50%)');
    expect(toHsl('#b30000')).toBe('hsl(0 100% 35%)');
  });

  it('round-trips every brand accent through hex', () => {
    for (const value of Object.values(accents)) expect(toHsl(toHex(value))).toBe(value);
  });

  it('formats a ratio without overstating it', () => {
    expect(formatRatio(21)).toBe('21.00:1');
    expect(formatRatio(4.4999)).toBe('4.49:1');
  });
});

describe('brandSwatches', () => {
  const swatches = brandSwatches();

  it('has black, white and the seven section accents', () => {
    expect(swatches.map((s) => s.key)).toEqual(['black', 'white', 'home', 'cocktails', 'beer', 'kitchens', 'hall', 'community', 'common-room']);
  });

  it('pairs each colour with a text colour that passes AA, white only on the dark ones', () => {
    for (const s of swatches) {
      expect(s.ratio).toBeGreaterThanOrEqual(AA_TEXT);
      expect(s.ratio).toBeCloseTo(contrastRatio(s.hex, s.text), 1);
    }
    const onWhite = swatches.filter((s) => s.textName === 'White').map((s) => s.key);
    expect(onWhite).toEqual(['black', 'kitchens', 'hall']);
    expect(swatches[0].ratio).toBeCloseTo(21, 5);
  });
});
