import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves focus to the main content', async () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/cafe">CAFE</a>
        </nav>
        <main id="main">Content</main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    expect(link).toHaveAttribute('href', '#main');
    await userEvent.click(link);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });
});

describe('VisuallyHidden', () => {
  it('keeps text in the accessibility tree', () => {
    render(
      <button type="button">
        <span aria-hidden="true">×</span>
        <VisuallyHidden>Remove photo</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });
});
