import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldFrame, useFieldIds } from '../field/field';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Class for the wrapper (className goes on the input). */
  wrapperClassName?: string;
};

/** A labelled text input with hint and error wired to aria-describedby / aria-invalid. */
export function TextField({
  label,
  hint,
  error,
  id,
  required,
  className,
  wrapperClassName,
  type = 'text',
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <input
        {...rest}
        id={f.controlId}
        type={type}
        required={required}
        aria-invalid={f.invalid || undefined}
        aria-describedby={f.ariaDescribedBy}
        className={cx('cc-input', className)}
      />
    </FieldFrame>
  );
}

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  wrapperClassName?: string;
};

/** The multi-line sibling of TextField. */
export function TextArea({
  label,
  hint,
  error,
  id,
  required,
  className,
  wrapperClassName,
  'aria-describedby': describedBy,
  ...rest
}: TextAreaProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <textarea
        {...rest}
        id={f.controlId}
        required={required}
        aria-invalid={f.invalid || undefined}
        aria-describedby={f.ariaDescribedBy}
        className={cx('cc-input', className)}
      />
    </FieldFrame>
  );
}
