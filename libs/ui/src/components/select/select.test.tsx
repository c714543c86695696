import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';

const months = [
  { value: 'january', label: 'January' },
  { value: 'february', label: 'February' },
  { value: 'march', label: 'March', disabled: true },
];

describe('Select', () => {
  it('is a labelled native select showing the placeholder first', () => {
    render(<Select label="Birthday month" options={months} placeholder="Month" />);
    const select = screen.getByRole('combobox', { name: 'Birthday month' });
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('');
    const placeholder = screen.getByRole('option', { name: 'Month' }) as HTMLOptionElement;
    expect(placeholder.selected).toBe(true);
    expect(placeholder).toBeDisabled();
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('changes value and reports it', async () => {
    const onChange = vi.fn();
    render(<Select label="Month" options={months} placeholder="Choose" onChange={(e) => onChange(e.target.value)} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Month' }), 'february');
    expect(onChange).toHaveBeenCalledWith('february');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('february');
  });

  it('keeps disabled options unselectable', () => {
    render(<Select label="Month" options={months} />);
    expect(screen.getByRole('option', { name: 'March' })).toBeDisabled();
  });

  it('without a placeholder selects the first option', () => {
    render(<Select label="Tickets" options={[{ value: '1', label: '1' }, { value: '2', label: '2' }]} />);
    expect(screen.getByRole('combobox', { name: 'Tickets' })).toHaveValue('1');
  });

  it('wires error and hint', () => {
    render(<Select label="Month" options={months} hint="Optional" error="Pick a month" />);
    const select = screen.getByRole('combobox', { name: 'Month' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Optional Pick a month');
  });
});
