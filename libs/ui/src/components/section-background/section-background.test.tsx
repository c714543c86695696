import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_SETS } from '@croft/contracts';
import type { BackgroundImage } from '@croft/contracts';
import { SectionBackground, textSchemeFor } from './section-background';

describe('textSchemeFor', () => {
  it('puts white text on dark, industrial, mixed and warm art, and on light art under a strong scrim', () => {
    expect(textSchemeFor('dark')).toBe('on-dark');
    expect(textSchemeFor('industrial', 0.2)).toBe('on-dark');
    expect(textSchemeFor('warm', 0.4)).toBe('on-dark');
    expect(textSchemeFor('light', 0.55)).toBe('on-dark');
  });
  it('puts black text on light art with little or no scrim', () => {
    expect(textSchemeFor('light')).toBe('on-light');
    expect(textSchemeFor('light', 0.3)).toBe('on-light');
  });
  it('clamps the overlay to 0–1', () => {
    expect(textSchemeFor('light', -1)).toBe('on-light');
    expect(textSchemeFor('light', 5)).toBe('on-dark');
  });
});

describe('SectionBackground', () => {
  const set = BACKGROUND_SETS.cafe;

  it('loads the first image eagerly with high priority and the rest lazily', () => {
    const { container } = render(<SectionBackground images={set}>Hello</SectionBackground>);
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs).toHaveLength(set.length);
    expect(imgs[0]).toHaveAttribute('loading', 'eager');
    expect(imgs[0]).toHaveAttribute('fetchpriority', 'high');
    for (const img of imgs.slice(1)) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it('applies the active image tone, scheme, scrim strength and position', () => {
    const images: BackgroundImage[] = [
      { id: 'cafe-2', set: 'cafe', tone: 'light', alt: 'Croissants', overlay: 0.1, position: 'left top' },
      { id: 'cafe-1', set: 'cafe', tone: 'warm', alt: 'Rings', overlay: 0.3 },
    ];
    const { container, rerender } = render(<SectionBackground images={images} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('cc-section-background--on-light');
    expect(root.dataset.tone).toBe('light');
    const scrims = container.querySelectorAll<HTMLElement>('.cc-section-background__scrim');
    expect(scrims[0].style.getPropertyValue('--cc-scrim')).toBe('0.1');
    expect(container.querySelector('img')!.style.objectPosition).toBe('left top');

    rerender(<SectionBackground images={images} active={1} />);
    expect(root).toHaveClass('cc-section-background--on-dark');
    expect(root.dataset.tone).toBe('warm');
    expect(container.querySelectorAll('.cc-section-background__layer--active')).toHaveLength(1);
  });

  it('is decorative by default and describes the active image on request', () => {
    const { rerender } = render(<SectionBackground images={set} />);
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<SectionBackground images={set} describe />);
    expect(screen.getByRole('img', { name: set[0].alt })).toBeInTheDocument();
  });

  it('skips the priority hint when the background is not the largest paint', () => {
    const { container } = render(<SectionBackground images={set} priority={false} />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('img')).not.toHaveAttribute('fetchpriority');
  });

  it('renders an empty set without images', () => {
    const { container } = render(<SectionBackground images={[]} as="section" aria-label="Cafe">Text</SectionBackground>);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('region', { name: 'Cafe' })).toHaveTextContent('Text');
  });
});
