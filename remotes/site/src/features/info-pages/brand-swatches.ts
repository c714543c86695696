import { ACCENT_NAMES, accents, colors, contrastRatio, onAccent, parseColor, type AccentName } from '@croft/ui/tokens';

/** WCAG 2.2 AA for body text. */
export const AA_TEXT = 4.5;

export interface BrandSwatch {
  key: string;
  name: string;
  /** Where it is used. */
  use: string;
  /** The token's own value (hex for black and white, HSL for the accents). */
  value: string;
  hsl: string;
  hex: string;
  /** The text colour used on it. */
  text: string;
  textName: 'Black' | 'White';
  ratio: number;
}

const ACCENT_LABELS: Record<AccentName, { name: string; use: string }> = {
  home: { name: 'Home pink', use: 'Home and the cafe' },
  cocktails: { name: 'Cocktails lime', use: 'Cocktail bar' },
  beer: { name: 'Beer orange', use: 'Beer hall' },
  kitchens: { name: 'Kitchens red', use: 'Kitchens, and errors' },
  hall: { name: 'Hall purple', use: 'The hall and secret cinema' },
  community: { name: 'Community blue', use: 'Community and the Common Good' },
  'common-room': { name: 'Common Room sage', use: 'Members’ area' },
};

const channel = (c: number) => Math.round(c * 255);

/** '#rrggbb' for any colour the tokens use. */
export function toHex(color: string): string {
  return `#${parseColor(color)
    .map((c) => channel(c).toString(16).padStart(2, '0'))
    .join('')}`;
}

/** 'hsl(h s% l%)' (whole numbers) for any colour the tokens use. */
export function toHsl(color: string): string {
  const [r, g, b] = parseColor(color);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  const round = (n: number) => Math.round(n);
  return `hsl(${round((h + 360) % 360)} ${round(s * 100)}% ${round(l * 100)}%)`;
}

/** '7.03:1' style, two decimals, rounded down so a shown figure never overstates the contrast. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

function swatch(key: string, name: string, use: string, value: string, text: string): BrandSwatch {
  return {
    key,
    name,
    use,
    value,
    hsl: value.startsWith('hsl') ? value : toHsl(value),
    hex: toHex(value),
    text,
    textName: toHex(text) === '#000000' ? 'Black' : 'White',
    ratio: contrastRatio(value, text),
  };
}

/** Black, white and every section accent, each with the text colour that passes AA on it. */
export function brandSwatches(): BrandSwatch[] {
  return [
    swatch('black', 'Black', 'Type, lines, buttons', colors.black, colors.white),
    swatch('white', 'White', 'Pages and cards', colors.white, colors.black),
    ...ACCENT_NAMES.map((key) => swatch(key, ACCENT_LABELS[key].name, ACCENT_LABELS[key].use, accents[key], onAccent[key])),
  ];
}
