import { Component, type ReactNode } from 'react';
import { useLocation } from '@croft/router';

/** Describes a failure the way the spec's default router view does: the status, or the message. */
export function describeRouteError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const statusText = 'statusText' in error && typeof error.statusText === 'string' ? error.statusText : '';
    return `${error.status} ${statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouterErrorView({ error }: { error: unknown }) {
  return (
    <main id="main" className="shell-error">
      <h1>Unexpected Application Error!</h1>
      <p>{describeRouteError(error)}</p>
      <p>
        <a href="/">Back to Croft Common</a>
      </p>
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  render() {
    return this.state.failed ? <RouterErrorView error={this.state.error} /> : this.props.children;
  }
}

/**
 * The router's default error view for everything below the layout: a page that throws while
 * rendering shows 'Unexpected Application Error!'; navigating elsewhere clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
