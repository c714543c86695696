import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import type { SevenGestureSnapshot } from '../core/seven-gesture';
import { SecretSevenTrail } from './secret-seven-trail';
import { useSecretSeven, type SevenVia } from './use-secret-seven';

export interface SecretSevenSurfaceProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Called once for every recognised 7, drawn over this element or typed with the "7" key. */
  onSeven: (via: SevenVia) => void;
  enabled?: boolean;
  /** The "7" key counts too (default true). */
  keyboard?: boolean;
  /** touch-action for this element (default 'pan-y pinch-zoom'); false leaves it alone. */
  touchAction?: string | false;
  onStateChange?: (snapshot: SevenGestureSnapshot) => void;
  /** Content, or a function of the gesture's state (e.g. to show or announce it). */
  children?: ReactNode | ((snapshot: SevenGestureSnapshot) => ReactNode);
}

/**
 * A block (typically around a page's main content) that listens for the secret "7" and shows
 * its trail. The current state is on `data-seven-state` and passed to a function child.
 */
export function SecretSevenSurface({
  onSeven,
  enabled = true,
  keyboard = true,
  touchAction,
  onStateChange,
  children,
  ...rest
}: SecretSevenSurfaceProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { gesture, ...snapshot } = useSecretSeven({
    onSeven,
    enabled,
    keyboard,
    targetRef: ref,
    touchAction,
    onStateChange,
  });
  return (
    <div {...rest} ref={ref} data-seven-state={snapshot.state}>
      {typeof children === 'function' ? children(snapshot) : children}
      {enabled && <SecretSevenTrail gesture={gesture} />}
    </div>
  );
}
