import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from '../field/field';
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
    <div className={cx('cc-field', wrapperClassName)}>
      <label htmlFor={f.controlId} className="cc-field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={f.hintId}>{hint}</FieldHint>
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
      <FieldError id={f.errorId}>{error}</FieldError>
    </div>
  );
}
