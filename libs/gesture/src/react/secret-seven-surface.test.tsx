import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GesturePoint } from '../core/recognise-seven';
import { goodSevenMouse, goodSevenPenSmall, one } from '../core/recorded-strokes';
import { SecretSevenSurface } from './secret-seven-surface';
import { SECRET_SEVEN_READY_ATTRIBUTE, useSecretSeven } from './use-secret-seven';

function pointer(type: string, target: EventTarget, p: { x: number; y: number }, init: PointerEventInit = {}) {
  const event = new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: p.x,
    clientY: p.y,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    button: type === 'pointermove' ? -1 : 0,
    ...init,
  });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

/** Draws a recorded stroke on an element, as a browser would deliver it. */
function draw(target: Element, stroke: readonly GesturePoint[], init: PointerEventInit = {}) {
  const events = [pointer('pointerdown', target, stroke[0], init)];
  for (const p of stroke.slice(1, -1)) events.push(pointer('pointermove', target, p, init));
  events.push(pointer('pointerup', target, stroke[stroke.length - 1], init));
  return events;
}

function Page({ onSeven }: { onSeven: (via: string) => void }) {
  return (
    <>
      <SecretSevenSurface onSeven={onSeven} data-testid="surface">
        {({ state }) => (
          <>
            <p>
              Some text and <a href="#menu">a link to the menu</a>.
            </p>
            <label>
              Your name <input />
            </label>
            <output data-testid="state">{state}</output>
          </>
        )}
      </SecretSevenSurface>
      <aside data-testid="outside">Outside the surface</aside>
    </>
  );
}

beforeEach(() => {
  window.location.hash = '';
});

describe('SecretSevenSurface — pointer', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['mouse', goodSevenMouse],
    ['touch', goodSevenMouse],
    ['pen', goodSevenPenSmall],
  ])('recognises a 7 drawn with a %s and never prevents the default', (pointerType, stroke) => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    const events = draw(screen.getByText(/some text/i), stroke, { pointerType });
    expect(onSeven).toHaveBeenCalledTimes(1);
    expect(onSeven).toHaveBeenCalledWith('pointer');
    expect(screen.getByTestId('surface')).toHaveAttribute('data-seven-state', 'complete');
    expect(events.every((e) => !e.defaultPrevented)).toBe(true);
  });

  it('shows the trail only from the drawing state, and clears it 1 s after a 7', () => {
    vi.useFakeTimers();
    render(<Page onSeven={() => undefined} />);
    const target = screen.getByText(/some text/i);
    pointer('pointerdown', target, goodSevenMouse[0]);
    for (const p of goodSevenMouse.slice(1, 10)) pointer('pointermove', target, p);
    expect(screen.getByTestId('state')).toHaveTextContent('idle');
    expect(screen.queryByTestId('secret-seven-trail')).toBeNull();
    pointer('pointermove', target, goodSevenMouse[10]);
    expect(screen.getByTestId('state')).toHaveTextContent('drawing');
    const trail = screen.getByTestId('secret-seven-trail');
    expect(trail).toHaveAttribute('aria-hidden', 'true');
    expect(trail.querySelector('.cc-seven-trail__line')?.getAttribute('points')?.split(' ')).toHaveLength(11);
    for (const p of goodSevenMouse.slice(11, -1)) pointer('pointermove', target, p);
    pointer('pointerup', target, goodSevenMouse[goodSevenMouse.length - 1]);
    expect(screen.getByTestId('secret-seven-trail')).toHaveClass('cc-seven-trail--complete');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('secret-seven-trail')).toBeNull();
    expect(screen.getByTestId('state')).toHaveTextContent('idle');
  });

  it('fails a "1" and clears 0.5 s after the end', () => {
    vi.useFakeTimers();
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    draw(screen.getByText(/some text/i), one);
    expect(onSeven).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('failed');
    expect(screen.getByTestId('secret-seven-trail')).toHaveClass('cc-seven-trail--failed');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('state')).toHaveTextContent('idle');
  });

  it('ignores strokes that start outside the surface, in a field, or with a secondary button', () => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    draw(screen.getByTestId('outside'), goodSevenMouse);
    draw(screen.getByRole('textbox'), goodSevenMouse);
    draw(screen.getByText(/some text/i), goodSevenMouse, { button: 2 });
    expect(onSeven).not.toHaveBeenCalled();
  });

  it('drops a stroke on pointercancel (the browser took it for scrolling) and on a second finger', () => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    const target = screen.getByText(/some text/i);
    pointer('pointerdown', target, goodSevenMouse[0], { pointerType: 'touch' });
    for (const p of goodSevenMouse.slice(1, 15)) pointer('pointermove', target, p, { pointerType: 'touch' });
    pointer('pointercancel', target, goodSevenMouse[15], { pointerType: 'touch' });
    expect(screen.getByTestId('state')).toHaveTextContent('idle');

    pointer('pointerdown', target, goodSevenMouse[0], { pointerType: 'touch' });
    for (const p of goodSevenMouse.slice(1, 15)) pointer('pointermove', target, p, { pointerType: 'touch' });
    pointer('pointerdown', target, { x: 10, y: 10 }, { pointerType: 'touch', pointerId: 2, isPrimary: false });
    for (const p of goodSevenMouse.slice(15)) pointer('pointermove', target, p, { pointerType: 'touch' });
    pointer('pointerup', target, goodSevenMouse[goodSevenMouse.length - 1], { pointerType: 'touch' });
    expect(onSeven).not.toHaveBeenCalled();
  });

  it('sets touch-action on the surface only (vertical scroll and zoom stay) and restores it on unmount', () => {
    const { unmount } = render(<Page onSeven={() => undefined} />);
    const surface = screen.getByTestId('surface');
    expect(surface.style.touchAction).toBe('pan-y pinch-zoom');
    expect(document.body.style.touchAction).toBe('');
    expect(document.documentElement.style.touchAction).toBe('');
    unmount();
    expect(surface.style.touchAction).toBe('');
  });

  it('a click on a link inside the surface still navigates', async () => {
    render(<Page onSeven={() => undefined} />);
    const link = screen.getByRole('link', { name: 'a link to the menu' });
    const down = pointer('pointerdown', link, { x: 20, y: 20 });
    const up = pointer('pointerup', link, { x: 20, y: 20 });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(down.defaultPrevented || up.defaultPrevented || click.defaultPrevented).toBe(false);
    // jsdom navigates to a fragment in a queued task
    await vi.waitFor(() => expect(window.location.hash).toBe('#menu'));
  });

  it('clears a text selection made by the stroke when it is a 7, and keeps other selections', () => {
    render(<Page onSeven={() => undefined} />);
    const text = screen.getByText(/some text/i);
    const select = () => {
      const range = document.createRange();
      range.selectNodeContents(text);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    };
    // selection made during the stroke
    pointer('pointerdown', text, goodSevenMouse[0]);
    select();
    for (const p of goodSevenMouse.slice(1, -1)) pointer('pointermove', text, p);
    pointer('pointerup', text, goodSevenMouse[goodSevenMouse.length - 1]);
    expect(window.getSelection()?.isCollapsed).toBe(true);
    // a selection that was there before the stroke stays
    select();
    draw(text, goodSevenPenSmall);
    expect(window.getSelection()?.isCollapsed).toBe(false);
    window.getSelection()?.removeAllRanges();
  });

  it('does nothing while disabled', () => {
    const onSeven = vi.fn();
    render(<SecretSevenSurface onSeven={onSeven} enabled={false}>content</SecretSevenSurface>);
    draw(screen.getByText('content'), goodSevenMouse);
    fireEvent.keyDown(document.body, { key: '7' });
    expect(onSeven).not.toHaveBeenCalled();
  });

  it('marks the surface data-secret-seven="ready" only while it listens', () => {
    const { rerender, unmount } = render(
      <SecretSevenSurface onSeven={() => undefined} data-testid="surface">
        content
      </SecretSevenSurface>,
    );
    const surface = screen.getByTestId('surface');
    expect(surface).toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE, 'ready');
    expect(document.documentElement).not.toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
    rerender(
      <SecretSevenSurface onSeven={() => undefined} enabled={false} data-testid="surface">
        content
      </SecretSevenSurface>,
    );
    expect(surface).not.toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
    rerender(
      <SecretSevenSurface onSeven={() => undefined} data-testid="surface">
        content
      </SecretSevenSurface>,
    );
    expect(surface).toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE, 'ready');
    unmount();
    expect(surface).not.toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
  });
});

describe('SecretSevenSurface — keyboard', () => {
  it('pressing 7 with nothing focused counts as a 7', () => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    const notCancelled = fireEvent.keyDown(document.body, { key: '7' });
    expect(onSeven).toHaveBeenCalledWith('keyboard');
    expect(screen.getByTestId('state')).toHaveTextContent('complete');
    // The key is used up, so it cannot land in a field the page focuses in response (sign-in).
    expect(notCancelled).toBe(false);
  });

  it('7 typed in an input, a repeat, or with a modifier does not count', () => {
    const onSeven = vi.fn();
    render(<Page onSeven={onSeven} />);
    const input = screen.getByRole('textbox');
    input.focus();
    fireEvent.keyDown(input, { key: '7' });
    input.blur();
    fireEvent.keyDown(document.body, { key: '7', repeat: true });
    fireEvent.keyDown(document.body, { key: '7', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '8' });
    expect(onSeven).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: '7' });
    expect(onSeven).toHaveBeenCalledTimes(1);
  });
});

describe('useSecretSeven without a target', () => {
  function Whole({ onSeven }: { onSeven: () => void }) {
    const { state } = useSecretSeven({ onSeven });
    return (
      <p data-testid="whole">
        {state}
      </p>
    );
  }

  it('takes strokes from the whole document and leaves touch-action alone', () => {
    const onSeven = vi.fn();
    const { unmount } = render(<Whole onSeven={onSeven} />);
    expect(document.documentElement).toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE, 'ready');
    draw(document.body, goodSevenMouse);
    expect(onSeven).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('whole')).toHaveTextContent('complete');
    expect(document.body.style.touchAction).toBe('');
    unmount();
    expect(document.documentElement).not.toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
  });

  it('uses the latest onSeven without re-subscribing', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Whole onSeven={first} />);
    rerender(<Whole onSeven={second} />);
    fireEvent.keyDown(document.body, { key: '7' });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('useSecretSeven with a target that is not mounted', () => {
  function Unmounted({ onSeven }: { onSeven: () => void }) {
    const ref = { current: null };
    useSecretSeven({ onSeven, targetRef: ref, keyboard: false });
    return <p>nothing to draw on</p>;
  }

  it('listens nowhere rather than on the whole page', () => {
    const onSeven = vi.fn();
    render(<Unmounted onSeven={onSeven} />);
    draw(document.body, goodSevenMouse);
    expect(onSeven).not.toHaveBeenCalled();
    expect(document.documentElement).not.toHaveAttribute(SECRET_SEVEN_READY_ATTRIBUTE);
  });
});
