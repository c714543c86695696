import { useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import { FieldFrame, useFieldIds } from '../field/field';
import './range-field.css';

export type RangeFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'children' | 'value' | 'defaultValue'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Controlled value. */
  value?: number;
  defaultValue?: number;
  /** How the value reads beside the slider and to screen readers (aria-valuetext), e.g. as a percentage. */
  formatValue?: (value: number) => string;
  /** Class for the wrapper (className goes on the input). */
  wrapperClassName?: string;
};

/**
 * A labelled slider (native `<input type="range">`, so arrow keys, Home/End and Page Up/Down work)
 * with its current value shown beside it and spoken in words (aria-valuetext), plus hint and error.
 */
export function RangeField({
  label,
  hint,
  error,
  id,
  required,
  className,
  wrapperClassName,
  value,
  defaultValue,
  min = 0,
  max = 100,
  formatValue = String,
  onChange,
  'aria-describedby': describedBy,
  ...rest
}: RangeFieldProps) {
  const f = useFieldIds(id, { hint, error }, describedBy);
  const [own, setOwn] = useState<number>(defaultValue ?? Number(min));
  const current = value ?? own;
  const text = formatValue(current);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (value === undefined) setOwn(Number(event.target.value));
    onChange?.(event);
  };
  return (
    <FieldFrame f={f} label={label} hint={hint} error={error} required={required} className={wrapperClassName}>
      <span className="cc-range">
        <input
          {...rest}
          id={f.controlId}
          type="range"
          min={min}
          max={max}
          required={required}
          value={current}
          onChange={change}
          aria-valuetext={text}
          aria-invalid={f.invalid || undefined}
          aria-describedby={f.ariaDescribedBy}
          className={cx('cc-range__input', className)}
        />
        {/* The spoken value is the input's aria-valuetext; this is the same words for the eye. */}
        <output htmlFor={f.controlId} className="cc-range__value" aria-hidden="true">
          {text}
        </output>
      </span>
    </FieldFrame>
  );
}
