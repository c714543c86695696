import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '@croft/contracts';
import { contrastRatio, parseColor } from './contrast';
import { ACCENT_NAMES, accents, colors, cssVariables, fontWeights, onAccent, sectionAccent } from './tokens';

const here = dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(resolve(here, file), 'utf8');

/** Custom properties declared in the first `:root { … }` block of tokens.css. */
function rootVariables(css: string): Record<string, string> {
  const root = /:root\s*{([\s\S]*?)}/.exec(css);
  if (!root) throw new Error('tokens.css has no :root block');
  const vars: Record<string, string> = {};
  for (const m of root[1].matchAll(/(--cc-[\w-]+)\s*:\s*([^;]+);/g)) vars[m[1]] = m[2].trim();
  return vars;
}

describe('contrast maths', () => {
  it('gives the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic "just passes AA" grey (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('parses hsl() the way CSS does', () => {
    expect(parseColor('hsl(0 100% 50%)').map((c) => Math.round(c * 255))).toEqual([255, 0, 0]);
    expect(parseColor('hsl(120, 100%, 25%)').map((c) => Math.round(c * 255))).toEqual([0, 128, 0]);
  });

  it('rejects colour formats it does not understand', () => {
    expect(() => parseColor('rebeccapurple')).toThrow(/Unsupported colour/);
  });
});

describe('section accents', () => {
  it('has the seven brand accents with the brand HSL values', () => {
    expect(accents).toEqual({
      home: 'hsl(350 80% 65%)',
      cocktails: 'hsl(85 80% 55%)',
      beer: 'hsl(22 100% 55%)',
      kitchens: 'hsl(0 100% 35%)',
      hall: 'hsl(261 80% 57%)',
      community: 'hsl(194 100% 50%)',
      'common-room': 'hsl(120 25% 55%)',
    });
  });

  it.each(ACCENT_NAMES)('text on the %s accent meets WCAG AA (4.5:1)', (name) => {
    expect(contrastRatio(accents[name], onAccent[name])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(ACCENT_NAMES)('the %s accent uses black or white, whichever contrasts more', (name) => {
    const black = contrastRatio(accents[name], colors.black);
    const white = contrastRatio(accents[name], colors.white);
    expect(onAccent[name]).toBe(black >= white ? colors.black : colors.white);
  });

  it('puts white text on the dark accents only (kitchens, hall)', () => {
    const white = ACCENT_NAMES.filter((n) => onAccent[n] === colors.white);
    expect(white.sort()).toEqual(['hall', 'kitchens']);
  });

  it('maps every page key to an accent', () => {
    for (const key of PAGE_KEYS) expect(ACCENT_NAMES).toContain(sectionAccent[key]);
  });

  it('keeps muted and error text readable on white', () => {
    expect(contrastRatio(colors.muted, colors.white)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colors.danger, colors.white)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('tokens.css', () => {
  const css = read('tokens.css');
  const declared = rootVariables(css);
  const expected = cssVariables();

  it('declares every TS token with the same value', () => {
    for (const [name, value] of Object.entries(expected)) {
      expect(declared[name], name).toBe(value);
    }
  });

  it('declares no --cc token that tokens.ts does not know', () => {
    const extra = Object.keys(declared).filter(
      (name) => !(name in expected) && name !== '--cc-accent' && name !== '--cc-on-accent',
    );
    expect(extra).toEqual([]);
  });

  it('has square corners', () => {
    expect(declared['--cc-radius-none']).toBe('0');
  });

  it('turns durations to 0 under prefers-reduced-motion', () => {
    const block = /@media\s*\(prefers-reduced-motion:\s*reduce\)\s*{([\s\S]*?)}\s*}/.exec(css);
    expect(block?.[1]).toMatch(/--cc-duration-fast:\s*0ms/);
    expect(block?.[1]).toMatch(/--cc-duration-base:\s*0ms/);
    expect(block?.[1]).toMatch(/--cc-duration-slow:\s*0ms/);
  });

  it('has a .cc-section-* class for every page key', () => {
    for (const key of PAGE_KEYS) expect(css).toContain(`.cc-section-${key}`);
  });
});

describe('global.css', () => {
  const css = read('../global.css');
  it('imports the fonts and tokens', () => {
    expect(css).toMatch(/@import '\.\/tokens\/fonts\.css';/);
    expect(css).toMatch(/@import '\.\/tokens\/tokens\.css';/);
  });
  it('switches transitions and animations off under prefers-reduced-motion', () => {
    const block = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(block).toMatch(/transition:\s*none\s*!important/);
    expect(block).toMatch(/animation-duration:\s*0\.01ms\s*!important/);
  });
});

describe('fonts.css', () => {
  const css = read('fonts.css');
  const require = createRequire(import.meta.url);
  const imports = [...css.matchAll(/@import '([^']+)';/g)].map((m) => m[1]);

  it('self-hosts only latin subsets of the weights the tokens use', () => {
    expect(imports.sort()).toEqual(
      [
        `@fontsource/oswald/latin-${fontWeights.displayMedium}.css`,
        `@fontsource/oswald/latin-${fontWeights.displayBold}.css`,
        `@fontsource/work-sans/latin-${fontWeights.body}.css`,
        `@fontsource/work-sans/latin-${fontWeights.bodyStrong}.css`,
      ].sort(),
    );
  });

  it.each(imports)('%s exists and uses font-display: swap', (specifier) => {
    const file = readFileSync(require.resolve(specifier), 'utf8');
    expect(file).toMatch(/font-display:\s*swap/);
    expect(file).toMatch(/latin-\d+-normal\.woff2/);
  });

  it('declares metric-adjusted local fallbacks for both families', () => {
    for (const family of ['Oswald Fallback', 'Work Sans Fallback']) {
      const faces = css.split('@font-face').filter((f) => f.includes(`'${family}'`));
      expect(faces.length, family).toBeGreaterThan(0);
      for (const face of faces) {
        expect(face).toMatch(/src:\s*local\('Arial/);
        expect(face).toMatch(/size-adjust:\s*\d+(\.\d+)?%/);
        expect(face).toMatch(/ascent-override:\s*\d+(\.\d+)?%/);
        expect(face).toMatch(/descent-override:\s*\d+(\.\d+)?%/);
      }
    }
  });
});
