import type { ComponentPropsWithRef, CSSProperties, ReactElement, ReactNode } from 'react';
import { cx } from '../../utils/cx';
import './round-button.css';

export type RoundButtonTone = 'black' | 'white';
export type RoundButtonSize = 'sm' | 'md' | 'lg';

/** What a `render` function receives: spread it onto your own link element. */
export type RoundButtonRenderProps = {
  className: string;
  style?: CSSProperties;
  children: ReactNode;
};

type Common = {
  /** The short label, e.g. "OPEN" or "BOOK" (shown in capitals). */
  children: ReactNode;
  tone?: RoundButtonTone;
  size?: RoundButtonSize;
  className?: string;
  style?: CSSProperties;
};

export type RoundButtonProps =
  | (Common & Omit<ComponentPropsWithRef<'button'>, keyof Common> & { href?: undefined; render?: undefined })
  | (Common & Omit<ComponentPropsWithRef<'a'>, keyof Common> & { href: string; render?: undefined })
  | (Common & { render: (props: RoundButtonRenderProps) => ReactElement; href?: undefined });

/**
 * The brand's round black call-to-action (OPEN, BOOK). A <button> by default,
 * an <a> when given `href`, or any element (e.g. a router Link) via `render`.
 */
export function RoundButton(props: RoundButtonProps) {
  const { tone = 'black', size = 'md', className, style, children } = props;
  const classes = cx('cc-round-button', `cc-round-button--${tone}`, `cc-round-button--${size}`, className);

  if (props.render) {
    return props.render({ className: classes, style, children });
  }
  if (typeof props.href === 'string') {
    const { tone: _t, size: _s, className: _c, style: _st, children: _ch, render: _r, ...anchor } = props;
    return (
      <a {...anchor} className={classes} style={style}>
        {children}
      </a>
    );
  }
  const { tone: _t, size: _s, className: _c, style: _st, children: _ch, render: _r, href: _h, type = 'button', ...button } =
    props as Common & ComponentPropsWithRef<'button'> & { href?: undefined; render?: undefined };
  return (
    <button {...button} type={type} className={classes} style={style}>
      {children}
    </button>
  );
}
