import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNudgeController, type NudgeChannel, type NudgeEnvironment } from '../core/nudge-controller';
import { NUDGE_TIMING } from '../core/constants';
import { NudgeLauncher } from './nudge-launcher';

class FakeChannel extends EventTarget implements NudgeChannel {
  postMessage() {}
  close() {}
  deliver(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

function fakeController(navigate: (to: string) => void, openExternal = vi.fn()) {
  let path = '/cafe';
  const channel = new FakeChannel();
  const env: NudgeEnvironment = {
    storage: window.sessionStorage,
    now: () => Date.now(),
    pathname: () => path,
    href: () => `http://localhost${path}`,
    origin: 'http://localhost',
    readStoredNudge: async () => null,
    window: new EventTarget(),
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }),
    createChannel: () => channel,
    navigate: (to) => {
      path = to;
      navigate(to);
    },
    openExternal,
    logger: console,
  };
  return { controller: createNudgeController(env), channel, openExternal, setPath: (p: string) => (path = p) };
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('NudgeLauncher', () => {
  it('shows CLICK ME when a nudge arrives; a click clears it and routes there', async () => {
    const navigate = vi.fn();
    const t = fakeController(navigate);
    const { rerender } = render(<NudgeLauncher navigate={navigate} pathname="/cafe" controller={t.controller} />);
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();

    act(() => t.channel.deliver({ type: 'SHOW_NUDGE', url: '/hall' }));
    const button = screen.getByRole('button', { name: 'Nudge' });
    expect(button).toHaveTextContent('CLICK ME');

    await userEvent.click(button);
    expect(navigate).toHaveBeenCalledWith('/hall');
    rerender(<NudgeLauncher navigate={navigate} pathname="/hall" controller={t.controller} />);
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();
  });

  it('takes over the nudge that arrived before it loaded', () => {
    const navigate = vi.fn();
    const t = fakeController(navigate);
    render(<NudgeLauncher navigate={navigate} pathname="/cafe" first={{ url: '/beer', source: 'channel' }} controller={t.controller} />);
    expect(screen.getByRole('button', { name: 'Nudge' })).toBeInTheDocument();
  });

  it('clears when the page moves to another path', () => {
    const navigate = vi.fn();
    const t = fakeController(navigate);
    const { rerender } = render(<NudgeLauncher navigate={navigate} pathname="/cafe" controller={t.controller} />);
    act(() => t.channel.deliver({ type: 'SHOW_NUDGE', url: '/hall' }));
    expect(screen.getByRole('button', { name: 'Nudge' })).toBeInTheDocument();
    t.setPath('/beer');
    rerender(<NudgeLauncher navigate={navigate} pathname="/beer" controller={t.controller} />);
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();
  });

  it('goes away by itself after 10 minutes', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const t = fakeController(navigate);
    render(<NudgeLauncher navigate={navigate} pathname="/cafe" controller={t.controller} />);
    act(() => t.channel.deliver({ type: 'SHOW_NUDGE', url: '/hall' }));
    expect(screen.getByRole('button', { name: 'Nudge' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(NUDGE_TIMING.autoClearMs));
    expect(screen.queryByRole('button', { name: 'Nudge' })).toBeNull();
  });

  it('opens an http url in a new tab', async () => {
    const navigate = vi.fn();
    const t = fakeController(navigate);
    render(<NudgeLauncher navigate={navigate} pathname="/cafe" controller={t.controller} />);
    act(() => t.channel.deliver({ type: 'SHOW_NUDGE', url: 'https://example.com/tickets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nudge' }));
    expect(t.openExternal).toHaveBeenCalledWith('https://example.com/tickets');
    expect(navigate).not.toHaveBeenCalled();
  });
});
