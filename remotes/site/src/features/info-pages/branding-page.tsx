import type { CSSProperties, ReactNode } from 'react';
import { PageFrame } from '@croft/ui';
import { accents, colors, fontSizes, fontWeights, fonts, onAccent, radius } from '@croft/ui/tokens';
import { AA_TEXT, brandSwatches, formatRatio } from './brand-swatches';
import './info-pages.css';

const AAA_TEXT = 7;

function Wordmark({ style }: { style?: CSSProperties }) {
  return (
    <span className="site-brand__wordmark" style={style}>
      CROFT COMMON
    </span>
  );
}

function Example({ caption, tone, children }: { caption: string; tone: 'do' | 'dont'; children: ReactNode }) {
  return (
    <figure className={`site-brand__example site-brand__example--${tone}`}>
      <div className="site-brand__example-art">{children}</div>
      <figcaption>
        <strong>{tone === 'do' ? 'Do: ' : 'Don’t: '}</strong>
        {caption}
      </figcaption>
    </figure>
  );
}

const TYPE_SCALE = Object.entries(fontSizes) as [keyof typeof fontSizes, string][];

/**
 * /branding: the brand book, drawn from the design tokens in @croft/ui so it can never disagree
 * with the site: colours with their HSL, hex and the AA text colour on each (ratios worked out by
 * contrastRatio), the two typefaces, how to use the wordmark, and square corners.
 */
export function BrandingPage() {
  const swatches = brandSwatches();
  return (
    <PageFrame
      section="hall"
      eyebrow="Brand book"
      title="How Croft Common looks"
      intro="Black and white, one loud colour per room, tall condensed type and square corners. Everything here comes straight from the tokens the site is built with."
      className="site-info"
    >
      <section className="site-info__section" aria-labelledby="brand-colour">
        <h2 id="brand-colour" className="site-info__h2">
          Colour
        </h2>
        <p>
          Black and white carry everything. Each section of the venue gets one accent, used for big blocks of colour, never
          for small text on white. Text on an accent is black on the light ones and white on the dark ones, so it always
          passes WCAG AA ({AA_TEXT}:1).
        </p>
        <ul className="site-brand__swatches">
          {swatches.map((s) => (
            <li key={s.key} className="site-brand__swatch">
              <div className="site-brand__chip" style={{ background: s.value, color: s.text }}>
                <span className="site-brand__chip-name">{s.name}</span>
                <span className="site-brand__chip-sample">Aa</span>
              </div>
              <dl className="site-brand__facts">
                <div>
                  <dt>Used for</dt>
                  <dd>{s.use}</dd>
                </div>
                <div>
                  <dt>HSL</dt>
                  <dd>
                    <code>{s.hsl}</code>
                  </dd>
                </div>
                <div>
                  <dt>Hex</dt>
                  <dd>
                    <code>{s.hex}</code>
                  </dd>
                </div>
                <div>
                  <dt>Text on it</dt>
                  <dd>
                    {s.textName}, {formatRatio(s.ratio)} ({s.ratio >= AAA_TEXT ? 'AAA' : s.ratio >= AA_TEXT ? 'AA' : 'fails AA'})
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="site-info__section" aria-labelledby="brand-type">
        <h2 id="brand-type" className="site-info__h2">
          Type
        </h2>
        <div className="site-brand__type">
          <div className="site-brand__specimen">
            <p className="site-brand__specimen-label">
              Display: Oswald, {fontWeights.displayMedium} and {fontWeights.displayBold}
            </p>
            <p className="site-brand__display" style={{ fontWeight: fontWeights.displayBold }}>
              Wood. Fire. Dough.
            </p>
            <p className="site-brand__display site-brand__display--medium" style={{ fontWeight: fontWeights.displayMedium }}>
              Good taste on Stokes Croft
            </p>
            <p className="site-brand__note">
              Headings, buttons, labels and the wordmark. Always upper case, tight line height, set big.
            </p>
          </div>
          <div className="site-brand__specimen">
            <p className="site-brand__specimen-label">
              Body: Work Sans, {fontWeights.body} and {fontWeights.bodyStrong}
            </p>
            <p className="site-brand__body">
              A cafe by day, a bar by night and a hall full of music, film and long tables. Sentences in sentence case,
              comfortable line length, 1.5 line height.
            </p>
            <p className="site-brand__body" style={{ fontWeight: fontWeights.bodyStrong }}>
              Strong body text is {fontWeights.bodyStrong}, for emphasis only.
            </p>
          </div>
        </div>
        {/* Focusable so a keyboard can scroll it when it is wider than a phone. */}
        <div className="site-info__table-wrap" role="region" aria-label="Type scale" tabIndex={0}>
          <table className="site-info__table site-brand__scale">
            <caption className="site-info__caption">Type scale (1 rem = 16 px)</caption>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Size</th>
                <th scope="col">Sample</th>
              </tr>
            </thead>
            <tbody>
              {TYPE_SCALE.map(([name, size]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>--cc-text-{name}</code>
                  </th>
                  <td>{size}</td>
                  <td style={{ fontSize: size, fontFamily: fonts.display, lineHeight: 1.1 }}>Croft</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="site-info__section" aria-labelledby="brand-logo">
        <h2 id="brand-logo" className="site-info__h2">
          The wordmark
        </h2>
        <p>
          The logo is the words CROFT COMMON in Oswald bold, upper case, on one line. Keep clear space equal to the height of
          the letter C on every side, and never set it smaller than 24 px high on screen (8 mm in print).
        </p>
        <figure className="site-brand__clearspace">
          <div className="site-brand__clearspace-box">
            <Wordmark />
          </div>
          <figcaption>Clear space: one C height all round (the dashed line).</figcaption>
        </figure>
        <div className="site-brand__examples">
          <Example tone="do" caption="black on white.">
            <Wordmark />
          </Example>
          <Example tone="do" caption="white on black.">
            <div className="site-brand__ground" style={{ background: colors.black, color: colors.white }}>
              <Wordmark />
            </div>
          </Example>
          <Example tone="do" caption="on a section accent, in that accent’s text colour.">
            <div className="site-brand__ground" style={{ background: accents.beer, color: onAccent.beer }}>
              <Wordmark />
            </div>
          </Example>
          <Example tone="dont" caption="stretch or squash it.">
            <Wordmark style={{ display: 'inline-block', transform: 'scaleX(1.3)' }} />
          </Example>
          <Example tone="dont" caption="rotate it or set it on a curve.">
            <Wordmark style={{ display: 'inline-block', transform: 'rotate(-8deg)' }} />
          </Example>
          <Example tone="dont" caption="retype it in another font or in lower case.">
            <span style={{ fontFamily: fonts.body, fontSize: fontSizes.xl }}>Croft Common</span>
          </Example>
          <Example tone="dont" caption="put it in a rounded box or add shadows.">
            <span className="site-brand__rounded">
              <Wordmark />
            </span>
          </Example>
        </div>
      </section>

      <section className="site-info__section" aria-labelledby="brand-shape">
        <h2 id="brand-shape" className="site-info__h2">
          Square corners
        </h2>
        <p>
          Every box, card, field, button and dialog has square corners (radius <code>{radius.none}</code>). The only round
          things are the big round OPEN and BOOK buttons. Lines are solid black, 2 or 3 px.
        </p>
        <div className="site-brand__shapes" aria-hidden="true">
          <span className="site-brand__shape">Card</span>
          <span className="site-brand__shape site-brand__shape--accent" style={{ background: accents.cocktails, color: onAccent.cocktails }}>
            Button
          </span>
          <span className="site-brand__shape site-brand__shape--round">Open</span>
        </div>
      </section>
    </PageFrame>
  );
}
