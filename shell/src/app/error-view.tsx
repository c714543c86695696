import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Describes a router failure the way the spec's default view does: the status, or the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function RouterErrorView() {
  const error = useRouteError();
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
