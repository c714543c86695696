import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldError, FieldHint, RequiredMark, useFieldIds } from '../field/field';
import './checkbox.css';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  wrapperClassName?: string;
};

/** A square brand checkbox (native input) with label, hint and error. */
export function Checkbox({
  label,
  hint,
  error,
  id,
  required,
  className,
  wrapperClassName,
  'aria-describedby': describedBy,
  ...rest
}: CheckboxProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  return (
    <div className={cx('cc-checkbox', wrapperClassName)}>
      <label className="cc-checkbox__row" htmlFor={f.controlId}>
        <input
          {...rest}
          id={f.controlId}
          type="checkbox"
          required={required}
          aria-invalid={f.invalid || undefined}
          aria-describedby={f.ariaDescribedBy}
          className={cx('cc-checkbox__input', className)}
        />
        <span className="cc-checkbox__label">
          {label}
          {required && <RequiredMark />}
        </span>
      </label>
      <FieldHint id={f.hintId}>{hint}</FieldHint>
      <FieldError id={f.errorId}>{error}</FieldError>
    </div>
  );
}
