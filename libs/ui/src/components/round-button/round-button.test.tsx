import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RoundButton } from './round-button';

describe('RoundButton', () => {
  it('is a button by default', async () => {
    const onClick = vi.fn();
    render(<RoundButton onClick={onClick}>OPEN</RoundButton>);
    const button = screen.getByRole('button', { name: 'OPEN' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('cc-round-button', 'cc-round-button--black', 'cc-round-button--md');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is a link when given href', () => {
    render(
      <RoundButton href="/book" tone="white">
        BOOK
      </RoundButton>,
    );
    const link = screen.getByRole('link', { name: 'BOOK' });
    expect(link).toHaveAttribute('href', '/book');
    expect(link).toHaveClass('cc-round-button', 'cc-round-button--white');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders through a render prop (e.g. a router Link) with its classes', () => {
    render(
      <RoundButton
        size="lg"
        render={({ className, children }) => (
          <a className={className} href="/book" data-router="yes">
            {children}
          </a>
        )}
      >
        BOOK
      </RoundButton>,
    );
    const link = screen.getByRole('link', { name: 'BOOK' });
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(link).toHaveClass('cc-round-button', 'cc-round-button--lg');
  });
});
