import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../utils/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import './spinner.css';

export type SpinnerProps = Omit<ComponentPropsWithRef<'span'>, 'children'> & {
  /** Accessible text announced by the status role. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

/** A loading indicator with role="status" and a text label ("Loading"). */
export function Spinner({ label = 'Loading', size = 'md', className, ...rest }: SpinnerProps) {
  return (
    <span role="status" {...rest} className={cx('cc-spinner', `cc-spinner--${size}`, className)}>
      <span className="cc-spinner__ring" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
