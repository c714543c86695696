/**
 * The prerendered first paint (the site's build prerenders it; the gateway puts it in the HTML):
 * captured before React takes over #root and shown, as the very same DOM node, as the loading
 * state of the first route until the remote renders the same markup. Keeping the node (not a
 * copy) means the hero image already on screen is never re-created, so it stays the page's
 * largest paint and never blinks.
 */
let captured: { path: string; node: Element } | null = null;

export const PRERENDERED_SELECTOR = '[data-prerendered]';

export function capturePrerendered(doc: Document = document): void {
  const node = doc.querySelector(PRERENDERED_SELECTOR);
  captured = node ? { path: doc.location?.pathname ?? '', node } : null;
}

/** The captured node while the first route is still loading on its own path. */
export function prerenderedFor(pathname: string): Element | null {
  return captured && captured.path === pathname ? captured.node : null;
}

/** The remote has rendered: the prerendered node is stale from now on. */
export function releasePrerendered(): void {
  captured?.node.remove();
  captured = null;
}
