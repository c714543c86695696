import { startTransition, useEffect, useState } from 'react';
import { useLocation } from '@croft/router';

/**
 * Whether a page may show what lies below its first screen: false in the page's first commit,
 * true one task later, set as a transition (React renders that part in slices and yields between
 * them). On a phone the first commit is then the hero and OPEN alone, and answers a tap sooner; the
 * rest follows in one commit of its own before anyone can scroll to it. A link to a part of the
 * page (`/#newsletter`) is true at once, so the browser finds the part to scroll to.
 * Read it once per page, so everything below the fold arrives in the same commit.
 */
export function useBelowTheFold(): boolean {
  const { hash } = useLocation();
  const [shown, setShown] = useState(hash !== '');
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown;
}
