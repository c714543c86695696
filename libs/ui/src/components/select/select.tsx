import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import { ChevronDownIcon } from '../icons/icons';
import './select.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'children' | 'multiple'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, unselectable "Choose…" option with value "". */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  wrapperClassName?: string;
};

/** A native <select> with label, placeholder, hint and error. */
export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  required,
  className,
  wrapperClassName,
  value,
  defaultValue,
  'aria-describedby': describedBy,
  ...rest
}: SelectProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  // With a placeholder and nothing chosen, show the placeholder.
  const initial = value === undefined && defaultValue === undefined && placeholder !== undefined ? '' : defaultValue;
  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <span className="cc-select">
        <select
          {...rest}
          id={f.controlId}
          required={required}
          value={value}
          defaultValue={initial}
          aria-invalid={f.invalid || undefined}
          aria-describedby={f.ariaDescribedBy}
          className={cx('cc-input', className)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="cc-select__icon" />
      </span>
    </FieldFrame>
  );
}
