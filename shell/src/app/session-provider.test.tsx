import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { getSessionClient } from '@croft/session';
import { buildSession } from '@croft/mocks';
import { SessionProvider } from './session-provider';
import { SessionContext } from './session-context';

function Who() {
  const session = useContext(SessionContext);
  return <p>{session ? `signed in as ${session.email}` : 'signed out'}</p>;
}

describe('SessionProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('catches up with a session restored between its first render and its subscription', () => {
    const client = getSessionClient();
    const session = buildSession({ email: 'quick@example.com' });
    // First read (render): nobody yet; by the time the provider subscribes, the cookie has
    // restored the session and its event has already gone out.
    vi.spyOn(client, 'getSession').mockReturnValueOnce(null).mockReturnValue(session);
    render(
      <SessionProvider>
        <Who />
      </SessionProvider>,
    );
    expect(screen.getByText('signed in as quick@example.com')).toBeInTheDocument();
  });
});
