/**
 * Design tokens for Croft Common. The same values are declared as CSS custom
 * properties in `tokens.css` (a unit test keeps the two in step), so components
 * style themselves with `var(--cc-…)` and scripts read the numbers from here.
 */
import type { PageKey } from '@croft/contracts';

export const colors = {
  black: '#000000',
  white: '#ffffff',
  /** Secondary text on white: 7.0:1. */
  muted: '#595959',
  /** Hairlines and disabled fills. */
  line: '#d9d9d9',
  /** Error text and destructive actions: deep red, 7.2:1 on white. */
  danger: 'hsl(0 100% 35%)',
} as const;

/** The brand accents, one per section, in HSL as the brand book gives them. */
export const accents = {
  home: 'hsl(350 80% 65%)',
  cocktails: 'hsl(85 80% 55%)',
  beer: 'hsl(22 100% 55%)',
  kitchens: 'hsl(0 100% 35%)',
  hall: 'hsl(261 80% 57%)',
  community: 'hsl(194 100% 50%)',
  'common-room': 'hsl(120 25% 55%)',
} as const;

export type AccentName = keyof typeof accents;
export const ACCENT_NAMES = Object.keys(accents) as AccentName[];

/**
 * Text colour on each accent that meets WCAG AA (4.5:1): black on the light
 * accents, white on the dark ones (kitchens red, hall purple).
 */
export const onAccent: Record<AccentName, string> = {
  home: colors.black,
  cocktails: colors.black,
  beer: colors.black,
  kitchens: colors.white,
  hall: colors.white,
  community: colors.black,
  'common-room': colors.black,
};

/**
 * Which accent each page key wears. The cafe has no accent of its own in the
 * brand book; it is the ground floor of the home page, so it wears home pink.
 */
export const sectionAccent: Record<PageKey, AccentName> = {
  home: 'home',
  cafe: 'home',
  cocktails: 'cocktails',
  beer: 'beer',
  kitchens: 'kitchens',
  hall: 'hall',
  community: 'community',
  'common-room': 'common-room',
};

export const fonts = {
  display: "'Oswald', 'Oswald Fallback', 'Arial Narrow', Arial, Helvetica, sans-serif",
  body: "'Work Sans', 'Work Sans Fallback', Arial, Helvetica, sans-serif",
} as const;

/** The only font weights shipped (latin subset): keep in step with fonts.css. */
export const fontWeights = {
  displayMedium: 500,
  displayBold: 700,
  body: 400,
  bodyStrong: 600,
} as const;

/** Type scale in rem (1rem = 16px). */
export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.5rem',
  '2xl': '2rem',
  '3xl': '2.75rem',
  '4xl': '3.75rem',
} as const;

/** Spacing scale, 4px based, in rem. */
export const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.5rem',
  6: '2rem',
  7: '3rem',
  8: '4rem',
  9: '6rem',
  10: '8rem',
} as const;

/** Square corners everywhere; `round` is only for the circular buttons. */
export const radius = {
  none: '0',
  round: '9999px',
} as const;

/**
 * A two-tone focus ring that shows on white, black and every accent: a black
 * outline, offset, with a white halo filling the gap (box-shadow).
 */
export const focusRing = {
  width: '3px',
  offset: '2px',
  color: '#000000',
  halo: '#ffffff',
} as const;

export const motion = {
  fast: '120ms',
  base: '200ms',
  slow: '400ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const;

export const zIndex = {
  dialog: 1000,
  toast: 1100,
} as const;

export const tokens = {
  colors,
  accents,
  onAccent,
  sectionAccent,
  fonts,
  fontWeights,
  fontSizes,
  space,
  radius,
  focusRing,
  motion,
  zIndex,
} as const;

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Every token as the CSS custom property `tokens.css` declares for it, e.g.
 * `--cc-accent-beer: hsl(22 100% 55%)`. Handy for inline styles and tests.
 */
export function cssVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(colors)) vars[`--cc-color-${k}`] = v;
  for (const [k, v] of Object.entries(accents)) vars[`--cc-accent-${k}`] = v;
  for (const [k, v] of Object.entries(onAccent)) vars[`--cc-on-accent-${k}`] = v;
  for (const [k, v] of Object.entries(fonts)) vars[`--cc-font-${k}`] = v;
  for (const [k, v] of Object.entries(fontWeights)) vars[`--cc-weight-${kebab(k)}`] = String(v);
  for (const [k, v] of Object.entries(fontSizes)) vars[`--cc-text-${k}`] = v;
  for (const [k, v] of Object.entries(space)) vars[`--cc-space-${k}`] = v;
  for (const [k, v] of Object.entries(radius)) vars[`--cc-radius-${k}`] = v;
  vars['--cc-focus-width'] = focusRing.width;
  vars['--cc-focus-offset'] = focusRing.offset;
  vars['--cc-focus-color'] = focusRing.color;
  vars['--cc-focus-halo'] = focusRing.halo;
  vars['--cc-duration-fast'] = motion.fast;
  vars['--cc-duration-base'] = motion.base;
  vars['--cc-duration-slow'] = motion.slow;
  vars['--cc-easing'] = motion.easing;
  for (const [k, v] of Object.entries(zIndex)) vars[`--cc-z-${k}`] = String(v);
  return vars;
}
