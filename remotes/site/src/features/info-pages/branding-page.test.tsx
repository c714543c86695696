import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { BrandingPage } from './branding-page';
import { brandSwatches, formatRatio } from './brand-swatches';

describe('BrandingPage', () => {
  it('shows every swatch with its HSL, hex and the passing text colour and ratio', () => {
    render(<BrandingPage />);
    const list = screen.getByRole('heading', { name: 'Colour' }).closest('section')!;
    const items = within(list).getAllByRole('listitem');
    const swatches = brandSwatches();
    expect(items).toHaveLength(swatches.length);
    swatches.forEach((s, i) => {
      expect(items[i]).toHaveTextContent(s.name);
      expect(items[i]).toHaveTextContent(s.hsl);
      expect(items[i]).toHaveTextContent(s.hex);
      expect(items[i]).toHaveTextContent(`${s.textName}, ${formatRatio(s.ratio)}`);
      expect(items[i]).not.toHaveTextContent('fails AA');
    });
    expect(items.find((li) => li.textContent?.includes('Kitchens red'))).toHaveTextContent('White');
  });

  it('covers type, the wordmark and square corners', () => {
    render(<BrandingPage />);
    for (const name of ['Type', 'The wordmark', 'Square corners']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/Display: Oswald/)).toBeInTheDocument();
    expect(screen.getByText(/Body: Work Sans/)).toBeInTheDocument();
    expect(screen.getAllByText(/^Do:/)).toHaveLength(3);
    expect(screen.getAllByText(/^Don’t:/)).toHaveLength(4);
  });
});
