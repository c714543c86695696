import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { cx } from '../../utils/cx';
import './skip-link.css';

export type SkipLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  /** id of the element to skip to (PageFrame's main is "main"). */
  targetId?: string;
};

/** "Skip to content": the first thing a keyboard user reaches; hidden until focused. */
export function SkipLink({ targetId = 'main', children = 'Skip to content', className, onClick, ...rest }: SkipLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.();
  };
  return (
    <a {...rest} href={`#${targetId}`} className={cx('cc-skip-link', className)} onClick={handleClick}>
      {children}
    </a>
  );
}
