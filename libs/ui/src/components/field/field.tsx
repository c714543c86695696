import { useId } from 'react';
import type { ReactNode } from 'react';
import { cx } from '../../utils/cx';
import './field.css';

export type FieldMessages = {
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error text; marks the control aria-invalid and describes it. */
  error?: ReactNode;
};

/** ids and aria attributes shared by every labelled form control. */
export function useFieldIds(id: string | undefined, { hint, error }: FieldMessages, describedBy?: string) {
  const generated = useId();
  const controlId = id ?? `cc-field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, ariaDescribedBy, invalid: Boolean(error) };
}

export function FieldHint({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children || !id) return null;
  return (
    <p id={id} className="cc-field__hint">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children || !id) return null;
  return (
    <p id={id} className="cc-field__error">
      {children}
    </p>
  );
}

export function RequiredMark() {
  return (
    <span className="cc-field__required" aria-hidden="true">
      *
    </span>
  );
}

/**
 * The frame every labelled control sits in: label (with the required mark), hint, the control,
 * error. `f` comes from useFieldIds; the control itself carries id, aria-invalid and
 * aria-describedby from it.
 */
export function FieldFrame({
  f,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  f: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('cc-field', className)}>
      <label htmlFor={f.controlId} className="cc-field__label">
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={f.hintId}>{hint}</FieldHint>
      {children}
      <FieldError id={f.errorId}>{error}</FieldError>
    </div>
  );
}
