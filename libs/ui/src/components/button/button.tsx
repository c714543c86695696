import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { cx } from '../../utils/cx';
import { Spinner } from '../spinner/spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner and ignores clicks (the button stays focusable, marked
   * aria-disabled and aria-busy, so focus is not lost mid-action).
   */
  loading?: boolean;
  /** Spinner text for screen readers while loading. */
  loadingLabel?: string;
  fullWidth?: boolean;
};

/** The square, uppercase brand button. Defaults to type="button". */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel = 'Loading',
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // Also stops a submit button from submitting its form twice.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      className={cx(
        'cc-button',
        `cc-button--${variant}`,
        `cc-button--${size}`,
        fullWidth && 'cc-button--full',
        className,
      )}
    >
      <span className="cc-button__label">{children}</span>
      {loading && <Spinner size="sm" label={loadingLabel} />}
    </button>
  );
}
