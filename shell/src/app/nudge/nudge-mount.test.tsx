import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@croft/router';
import { NUDGE_CHANNEL, NUDGE_SESSION_KEYS } from '@croft/nudge';
import { NudgeMount } from './nudge-mount';

function Path() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

let sender: BroadcastChannel;
beforeEach(() => {
  window.sessionStorage.clear();
  sender = new BroadcastChannel(NUDGE_CHANNEL);
});
afterEach(() => sender.close());

describe('NudgeMount', () => {
  it('loads the runtime with the first nudge on the channel, shows CLICK ME, and a click routes there', async () => {
    render(
      <MemoryRouter initialEntries={['/cafe']}>
        <Path />
        <NudgeMount />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();
    // The mount listens once the page is idle; keep announcing until the button shows.
    const announce = setInterval(() => sender.postMessage({ type: 'SHOW_NUDGE', url: '/hall' }), 100);
    try {
      const button = await screen.findByRole('button', { name: 'Nudge' }, { timeout: 10_000 });
      expect(button).toHaveTextContent('CLICK ME');
    } finally {
      clearInterval(announce);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Nudge' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/hall');
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();
    expect(window.sessionStorage.getItem(NUDGE_SESSION_KEYS.url)).toBeNull();
  });
});
