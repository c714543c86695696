import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('is a main landmark named by its h1', () => {
    render(
      <PageFrame section="beer" title="Beer Hall" eyebrow="Ground floor" intro="Twenty taps.">
        <p>Content</p>
      </PageFrame>,
    );
    const main = screen.getByRole('main', { name: 'Beer Hall' });
    expect(screen.getByRole('heading', { level: 1, name: 'Beer Hall' })).toBeInTheDocument();
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toHaveClass('cc-section-beer');
    expect(main).toHaveAttribute('data-section', 'beer');
    expect(screen.getByText('Ground floor')).toBeInTheDocument();
    expect(screen.getByText('Twenty taps.')).toBeInTheDocument();
    expect(screen.getByText('Content')).toBeInTheDocument();
  });

  it('defaults to the home accent and skips empty parts', () => {
    const { container } = render(<PageFrame title="Croft Common" />);
    expect(screen.getByRole('main')).toHaveClass('cc-section-home');
    expect(container.querySelector('.cc-page__eyebrow')).toBeNull();
    expect(container.querySelector('.cc-page__intro')).toBeNull();
    expect(container.querySelector('.cc-page__body')).toBeNull();
  });

  it('takes a custom main id and actions', () => {
    render(<PageFrame title="Hall" section="hall" mainId="content" actions={<a href="/book">Book</a>} />);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'content');
    expect(screen.getByRole('link', { name: 'Book' })).toBeInTheDocument();
  });
});
