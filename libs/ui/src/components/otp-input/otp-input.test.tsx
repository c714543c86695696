import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OtpInput, sanitizeCode } from './otp-input';

const field = () => screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;

describe('sanitizeCode', () => {
  it('keeps digits only, truncated', () => {
    expect(sanitizeCode('12-34 56', 6)).toBe('123456');
    expect(sanitizeCode('a1b2c3d4e5f6g7', 6)).toBe('123456');
    expect(sanitizeCode('١٢٣abc', 6)).toBe(''); // non-ASCII digits are not code digits
    expect(sanitizeCode('9876', 3)).toBe('987');
  });
});

describe('OtpInput', () => {
  it('asks for a numeric keyboard and one-time-code autofill', () => {
    render(<OtpInput label="Code" />);
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(field()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field()).toHaveAttribute('type', 'text');
  });

  it('drops non-digits as you type and stops at 6', async () => {
    const onChange = vi.fn();
    render(<OtpInput label="Code" onChange={onChange} />);
    await userEvent.type(field(), '1a2-3 4x5y6789');
    expect(field()).toHaveValue('123456');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(onChange.mock.calls.every(([v]) => /^\d{0,6}$/.test(v))).toBe(true);
  });

  it('cleans and truncates a pasted code', async () => {
    const onComplete = vi.fn();
    render(<OtpInput label="Code" onComplete={onComplete} />);
    field().focus();
    await userEvent.paste('Your code: 482-913 (expires in 10 min)');
    expect(field()).toHaveValue('482913');
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('cleans a value set by autofill (change without paste)', () => {
    render(<OtpInput label="Code" />);
    fireEvent.change(field(), { target: { value: ' 12 34 56 78' } });
    expect(field()).toHaveValue('123456');
  });

  it('calls onComplete once per completion', async () => {
    const onComplete = vi.fn();
    render(<OtpInput label="Code" onComplete={onComplete} />);
    await userEvent.type(field(), '1234567');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    await userEvent.type(field(), '{Backspace}9');
    expect(onComplete).toHaveBeenCalledTimes(2);
    expect(onComplete).toHaveBeenLastCalledWith('123459');
  });

  it('respects a custom maxLength', async () => {
    const onComplete = vi.fn();
    render(<OtpInput label="Code" maxLength={4} onComplete={onComplete} />);
    await userEvent.type(field(), '987654');
    expect(field()).toHaveValue('9876');
    expect(onComplete).toHaveBeenCalledWith('9876');
  });

  it('works controlled', async () => {
    function Controlled() {
      const [code, setCode] = useState('12');
      return (
        <>
          <OtpInput label="Code" value={code} onChange={setCode} />
          <output>{code.length}/6</output>
        </>
      );
    }
    render(<Controlled />);
    expect(field()).toHaveValue('12');
    await userEvent.type(field(), 'x3');
    expect(field()).toHaveValue('123');
    expect(screen.getByText('3/6')).toBeInTheDocument();
  });

  it('shows its error', () => {
    render(<OtpInput label="Code" error="Please enter the 6-digit code from your email." />);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('Please enter the 6-digit code from your email.');
  });

  it('refuses a nonsense maxLength', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<OtpInput label="Code" maxLength={0} />)).toThrow(/positive integer/);
    spy.mockRestore();
  });
});
