/**
 * The prerendered first paint (tools/prerender, put in the HTML by the gateway): captured before
 * React takes over #root, shown as the loading state of the first route until the remote renders
 * the same markup, so the hero never blinks out.
 */
let captured: { path: string; html: string } | null = null;

export const PRERENDERED_SELECTOR = '[data-prerendered]';

export function capturePrerendered(doc: Document = document): void {
  const element = doc.querySelector(PRERENDERED_SELECTOR);
  captured = element ? { path: doc.location?.pathname ?? '', html: element.outerHTML } : null;
}

/** The captured markup while the first route is still loading on its own path. */
export function prerenderedFor(pathname: string): string | null {
  return captured && captured.path === pathname ? captured.html : null;
}

/** The remote has rendered: the markup is stale from now on. */
export function releasePrerendered(): void {
  captured = null;
}
