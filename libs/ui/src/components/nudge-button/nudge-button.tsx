import type { ComponentPropsWithRef } from 'react';
import { cx } from '../../utils/cx';
import './nudge-button.css';

/** The visible label and the accessible name (spec 000 §2): exact. */
export const NUDGE_BUTTON_LABEL = 'CLICK ME';
export const NUDGE_BUTTON_NAME = 'Nudge';

export type NudgeButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label' | 'type'>;

/**
 * The nudge (spec 000 §2, §9): a floating round button, 56 px, at the bottom right (Tailwind's
 * bottom-52 right-8: 13rem from the bottom, 2rem from the right), 'CLICK ME' on it, named 'Nudge'
 * for assistive technology. White on black with a white ring, so it reads on light and dark
 * sections alike; it pulses three times when it appears, never with reduced motion.
 */
export function NudgeButton({ className, ...button }: NudgeButtonProps) {
  return (
    <button {...button} type="button" aria-label={NUDGE_BUTTON_NAME} className={cx('cc-nudge-button', className)}>
      <span className="cc-nudge-button__label" aria-hidden="true">
        {NUDGE_BUTTON_LABEL}
      </span>
    </button>
  );
}
