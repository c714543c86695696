import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../utils/cx';
import './visually-hidden.css';

export type VisuallyHiddenProps = ComponentPropsWithRef<'span'> & {
  /** Show the content again while it (or something inside it) has focus. */
  focusable?: boolean;
};

/** Hides content visually while keeping it for screen readers. */
export function VisuallyHidden({ focusable, className, ...rest }: VisuallyHiddenProps) {
  return (
    <span
      {...rest}
      className={cx('cc-visually-hidden', focusable && 'cc-visually-hidden--focusable', className)}
    />
  );
}
