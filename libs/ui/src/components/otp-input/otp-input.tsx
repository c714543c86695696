import { useState } from 'react';
import type { ChangeEvent, ClipboardEvent, ComponentPropsWithRef, CSSProperties, ReactNode } from 'react';
import { CODE_LENGTH } from '@croft/contracts';
import { cx } from '../../utils/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import './otp-input.css';

export type OtpInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength' | 'inputMode' | 'autoComplete' | 'children'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Controlled value (digits only; anything else is stripped). */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Called once each time the code reaches `maxLength` digits. */
  onComplete?: (code: string) => void;
  /** Number of digits (default CODE_LENGTH, 6). */
  maxLength?: number;
  wrapperClassName?: string;
};

/** Keeps the digits of `raw`, at most `maxLength` of them. */
export function sanitizeCode(raw: string, maxLength: number = CODE_LENGTH): string {
  return String(raw ?? '').replace(/\D+/g, '').slice(0, maxLength);
}

/**
 * One-time code input: a single field (so the platform's one-time-code
 * autofill works), numeric keyboard, digits only, truncated on typing and paste.
 */
export function OtpInput({
  label,
  hint,
  error,
  id,
  value,
  defaultValue,
  onChange,
  onComplete,
  onPaste,
  maxLength = CODE_LENGTH,
  required,
  className,
  wrapperClassName,
  style,
  placeholder,
  'aria-describedby': describedBy,
  ...rest
}: OtpInputProps) {
  if (!Number.isInteger(maxLength) || maxLength < 1) {
    throw new RangeError(`OtpInput maxLength must be a positive integer, got ${String(maxLength)}.`);
  }
  const f = useFieldIds(id, { hint, error }, describedBy);
  const [inner, setInner] = useState(() => sanitizeCode(defaultValue ?? '', maxLength));
  const controlled = value !== undefined;
  const current = controlled ? sanitizeCode(value, maxLength) : inner;

  const commit = (next: string) => {
    if (next === current) return;
    if (!controlled) setInner(next);
    onChange?.(next);
    if (next.length === maxLength) onComplete?.(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    commit(sanitizeCode(event.target.value, maxLength));
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    const text = event.clipboardData.getData('text');
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? current.length;
    const end = input.selectionEnd ?? current.length;
    commit(sanitizeCode(current.slice(0, start) + text + current.slice(end), maxLength));
  };

  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <input
        {...rest}
        id={f.controlId}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        spellCheck={false}
        autoCorrect="off"
        autoCapitalize="off"
        placeholder={placeholder ?? '•'.repeat(maxLength)}
        required={required}
        value={current}
        onChange={handleChange}
        onPaste={handlePaste}
        aria-invalid={f.invalid || undefined}
        aria-describedby={f.ariaDescribedBy}
        className={cx('cc-input', 'cc-otp-input', className)}
        style={{ ...style, '--cc-otp-length': maxLength } as CSSProperties}
      />
    </FieldFrame>
  );
}
