import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@croft/router';

/**
 * What a page shows below its first screen, rendered one task after the page's first commit and
 * as a transition (React renders it in slices and yields between them). On a phone the first
 * commit is then the hero and OPEN alone, and answers a tap sooner; the rest follows in a commit of
 * its own before anyone can scroll to it. A link to a part of the page (`/#newsletter`) renders
 * everything at once, so the browser finds the part to scroll to.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const { hash } = useLocation();
  const [shown, setShown] = useState(hash !== '');
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? children : null;
}
