import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { RangeField } from './range-field';

const percent = (value: number) => `${Math.round(value * 100)}%`;

describe('RangeField', () => {
  it('is a labelled slider whose value is shown and spoken in words', () => {
    render(<RangeField label="Overlay" min={0} max={1} step={0.05} defaultValue={0.35} formatValue={percent} hint="How dark." />);
    const slider = screen.getByRole('slider', { name: 'Overlay' });
    expect(slider).toHaveValue('0.35');
    expect(slider).toHaveAttribute('aria-valuetext', '35%');
    expect(slider).toHaveAccessibleDescription('How dark.');
    fireEvent.change(slider, { target: { value: '0.6' } });
    expect(slider).toHaveAttribute('aria-valuetext', '60%');
    expect(screen.getByText('60%')).toBeInTheDocument();
  });

  it('follows a controlled value and reports changes', () => {
    const seen = vi.fn();
    function Controlled() {
      const [value, setValue] = useState(0.5);
      return (
        <RangeField
          label="Overlay"
          min={0}
          max={1}
          step={0.1}
          value={value}
          formatValue={percent}
          onChange={(e) => {
            seen(Number(e.target.value));
            setValue(Number(e.target.value));
          }}
        />
      );
    }
    render(<Controlled />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '0.2' } });
    expect(seen).toHaveBeenCalledWith(0.2);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '20%');
  });

  it('an error marks it invalid and describes it', () => {
    render(<RangeField label="Overlay" error="Too strong." />);
    const slider = screen.getByRole('slider', { name: 'Overlay' });
    expect(slider).toHaveAttribute('aria-invalid', 'true');
    expect(slider).toHaveAccessibleDescription('Too strong.');
  });
});
