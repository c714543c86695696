import { ApiError, errorMessage } from '@croft/api-client';
import { Button, Spinner } from '@croft/ui';

/** A failed load in words; Try again unless the request itself is wrong (a range the service refuses). */
export function LoadProblem({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiError && (error.code === 'range_invalid' || error.code === 'invalid_request');
  return (
    <div className="an-problem-block">
      <p role="alert" className="an-problem">
        {refused ? errorMessage(error) : `Could not load ${what}: ${errorMessage(error)}`}
      </p>
      {!refused && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** The loading state of a screen. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="an-loading">
      <Spinner label={label} />
    </div>
  );
}
