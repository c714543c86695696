import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles by clicking its label', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="I agree to receive emails" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'I agree to receive emails' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('I agree to receive emails'));
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('toggles with Space', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Film & Cinema" />);
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Film & Cinema' })).toBeChecked();
  });

  it('shows an error tied to the input', () => {
    render(<Checkbox label="Consent" required error="Consent is required." />);
    const box = screen.getByRole('checkbox', { name: 'Consent' });
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Consent is required.');
  });

  it('cannot be toggled when disabled', async () => {
    render(<Checkbox label="Locked" disabled />);
    await userEvent.click(screen.getByText('Locked'));
    expect(screen.getByRole('checkbox', { name: 'Locked' })).not.toBeChecked();
  });
});
