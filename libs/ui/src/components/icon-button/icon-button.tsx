import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import './icon-button.css';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> & {
  /** Required accessible name, e.g. "Close". Also used as the tooltip. */
  label: string;
  /** The icon (decorative: mark it aria-hidden, as the bundled icons are). */
  children: ReactNode;
  variant?: 'solid' | 'outline' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
};

/** A square icon-only button that always has an accessible name. */
export function IconButton({
  label,
  children,
  variant = 'outline',
  size = 'md',
  type = 'button',
  title,
  className,
  ...rest
}: IconButtonProps) {
  if (typeof label !== 'string' || !label.trim()) {
    throw new Error('IconButton needs a non-empty `label` (its accessible name).');
  }
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={cx('cc-icon-button', `cc-icon-button--${variant}`, `cc-icon-button--${size}`, className)}
    >
      {children}
    </button>
  );
}
