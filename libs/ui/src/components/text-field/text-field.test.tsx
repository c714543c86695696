import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextArea, TextField } from './text-field';

describe('TextField', () => {
  it('is labelled and typeable', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" type="email" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('describes itself with hint and error and is invalid with an error', () => {
    render(<TextField label="Email" hint="We send a 6-digit code." error="Please enter a valid email." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We send a 6-digit code. Please enter a valid email.');
  });

  it('has no aria-invalid or description when clean', () => {
    render(<TextField label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('marks required fields natively, with a visual asterisk hidden from AT', () => {
    render(<TextField label="Your name" required />);
    const input = screen.getByRole('textbox', { name: 'Your name' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps a caller’s id and aria-describedby', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextField label="Phone" id="phone" aria-describedby="extra" hint="Optional" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input.id).toBe('phone');
    expect(input).toHaveAccessibleDescription('Extra Optional');
  });

  it('disabled fields do not take input', async () => {
    render(<TextField label="Locked" disabled defaultValue="x" />);
    const input = screen.getByRole('textbox', { name: 'Locked' });
    await userEvent.type(input, 'y');
    expect(input).toHaveValue('x');
  });
});

describe('TextArea', () => {
  it('is a labelled multi-line field with error', async () => {
    render(<TextArea label="Content" error="Too long" />);
    const area = screen.getByRole('textbox', { name: 'Content' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(area, 'line one{Enter}line two');
    expect(area).toHaveValue('line one\nline two');
  });
});
