import { useState } from 'react';
import { Link, useLocation } from '@croft/router';
import type { NewsletterClient } from '@croft/api-client';
import { Button, PageFrame } from '@croft/ui';
import { useUnsubscribe } from './api/unsubscribe';

type State = 'ready' | 'working' | 'done' | 'unknown' | 'failed';

/**
 * /unsubscribe?token=… — the page behind the link in every newsletter email. It asks for one
 * click and nothing else; link scanners that merely open it change nothing.
 */
export function UnsubscribePage({ client: given }: { client?: NewsletterClient }) {
  const unsubscribe = useUnsubscribe(given);
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [state, setState] = useState<State>('ready');

  const leave = async () => {
    setState('working');
    try {
      await unsubscribe.mutateAsync(token);
      setState('done');
    } catch (error) {
      const code = (error as { code?: string }).code;
      setState(code === 'unknown_token' || code === 'invalid_request' ? 'unknown' : 'failed');
    }
  };

  if (state === 'done') {
    return (
      <PageFrame section="home" title="You're out" intro="You won't get any more newsletters from us, and your Common Room membership has ended.">
        <p>
          Changed your mind? <Link to="/#newsletter">Subscribe again</Link> at the bottom of any page.
        </p>
      </PageFrame>
    );
  }
  if (!token || state === 'unknown') {
    return (
      <PageFrame section="home" title="Unsubscribe" intro="This link has expired or has already been used.">
        <p>
          Use the unsubscribe link in the newest email we sent you, or write to us and we'll take you off the list by hand.
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame section="home" title="Unsubscribe" intro="Leave the Croft Common newsletter with one click.">
      <p>Leaving also ends your Common Room membership: the cook book, the beer word, the loyalty card and secret cinema.</p>
      {state === 'failed' && <p role="alert">That didn't work. Please try again.</p>}
      <Button onClick={() => void leave()} loading={state === 'working'}>
        Unsubscribe
      </Button>
    </PageFrame>
  );
}
