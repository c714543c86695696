import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CloseIcon } from '../icons/icons';
import { IconButton } from './icon-button';

describe('IconButton', () => {
  it('is named by its label, not its icon', async () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Close menu" onClick={onClick}>
        <CloseIcon />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close menu' });
    expect(button).toHaveAttribute('title', 'Close menu');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty label', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <IconButton label="  ">
          <CloseIcon />
        </IconButton>,
      ),
    ).toThrow(/non-empty `label`/);
    spy.mockRestore();
  });
});
