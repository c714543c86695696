import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import './file-field.css';

export type FileFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'value' | 'defaultValue'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Class for the wrapper (className goes on the input). */
  wrapperClassName?: string;
};

/**
 * A labelled file picker (native `<input type="file">`: the platform's own button, keyboard and
 * drop target) in the brand's field frame, with hint and error. Pass `accept` for the types to offer;
 * the server still checks what arrives.
 */
export function FileField({ label, hint, error, id, required, className, wrapperClassName, 'aria-describedby': describedBy, ...rest }: FileFieldProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <input
        {...rest}
        id={f.controlId}
        type="file"
        required={required}
        aria-invalid={f.invalid || undefined}
        aria-describedby={f.ariaDescribedBy}
        className={cx('cc-input', 'cc-file', className)}
      />
    </FieldFrame>
  );
}
