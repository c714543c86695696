import type { Meta, StoryObj } from '@storybook/react-vite';
import { contrastRatio } from './contrast';
import { ACCENT_NAMES, accents, colors, fonts, onAccent, space } from './tokens';

function Tokens() {
  return (
    <div style={{ display: 'grid', gap: 48 }}>
      <section>
        <h2 style={{ marginBottom: 16 }}>Section accents</h2>
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
          {ACCENT_NAMES.map((name) => (
            <div
              key={name}
              style={{
                background: accents[name],
                color: onAccent[name],
                padding: 16,
                minHeight: 140,
                border: '2px solid #000',
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'space-between',
              }}
            >
              <strong style={{ fontFamily: fonts.display, fontSize: 24, textTransform: 'uppercase' }}>{name}</strong>
              <span style={{ fontSize: 14 }}>
                {accents[name]}
                <br />
                text {onAccent[name]} · {contrastRatio(accents[name], onAccent[name]).toFixed(2)}:1
              </span>
            </div>
          ))}
        </div>
      </section>
      <section>
        <h2 style={{ marginBottom: 16 }}>Type</h2>
        <p style={{ fontFamily: fonts.display, fontWeight: 700, fontSize: 56, textTransform: 'uppercase', lineHeight: 1 }}>
          Oswald display
        </p>
        <p style={{ fontFamily: fonts.display, fontWeight: 500, fontSize: 24, textTransform: 'uppercase' }}>
          Oswald medium, for labels and buttons
        </p>
        <p style={{ fontFamily: fonts.body, fontSize: 18, maxWidth: 640 }}>
          Work Sans for reading: cafe by day, cocktails by night, a beer hall, kitchens, a hall and a community
          space under one roof. <strong>Work Sans semibold for emphasis.</strong>
        </p>
      </section>
      <section>
        <h2 style={{ marginBottom: 16 }}>Neutrals</h2>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          {Object.entries(colors).map(([name, value]) => (
            <div key={name} style={{ border: '2px solid #000', width: 160 }}>
              <div style={{ background: value, height: 64 }} />
              <div style={{ padding: 8, fontSize: 14 }}>
                {name}
                <br />
                {value}
              </div>
            </div>
          ))}
        </div>
      </section>
      <section>
        <h2 style={{ marginBottom: 16 }}>Spacing</h2>
        {Object.entries(space).map(([step, value]) => (
          <div key={step} style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 6 }}>
            <code style={{ width: 120 }}>
              {step} · {value}
            </code>
            <span style={{ background: '#000', height: 12, width: value }} />
          </div>
        ))}
      </section>
    </div>
  );
}

const meta = { title: 'UI/Tokens', component: Tokens } satisfies Meta<typeof Tokens>;
export default meta;

export const Overview: StoryObj<typeof meta> = {};
