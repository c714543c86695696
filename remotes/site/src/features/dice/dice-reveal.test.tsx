import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DiceReveal, ROLL_DURATION_MS } from './dice-reveal';

/** A random() that answers from a list, in order. */
function sequence(...values: number[]) {
  let i = 0;
  return vi.fn(() => {
    const v = values[i];
    i += 1;
    if (v === undefined) throw new Error('random called more often than expected');
    return v;
  });
}

function Harness({ random, reducedMotion }: { random: () => number; reducedMotion?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reveal
      </button>
      <DiceReveal open={open} onClose={() => setOpen(false)} random={random} reducedMotion={reducedMotion} />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DiceReveal', () => {
  it('reduced motion: no tumble, the injected roll shows at once with "two drinks max"', async () => {
    const random = sequence(0.5); // face 4 → Harbour Lights
    render(<Harness random={random} reducedMotion />);
    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll for a secret serve' });
    expect(within(dialog).getByRole('img', { name: 'The die shows 4' })).toBeInTheDocument();
    expect(dialog.querySelector('.site-die__cube--rolling')).toBeNull();
    expect(dialog).toHaveTextContent('You rolled a 4');
    expect(dialog).toHaveTextContent('Harbour Lights');
    expect(dialog).toHaveTextContent('Vodka');
    expect(dialog).toHaveTextContent('passion fruit');
    expect(within(dialog).getByText('Show this to the bar · two drinks max')).toBeInTheDocument();
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('rolls, then lands on the face picked by the injected random; Roll again picks again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const random = sequence(0, 0.95); // face 1, then face 6
    render(<Harness random={random} reducedMotion={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll for a secret serve' });
    expect(within(dialog).getByRole('img', { name: 'The die is rolling' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Rolling…');
    expect(dialog).not.toHaveTextContent('two drinks max');
    const again = within(dialog).getByRole('button', { name: /Roll again/ });
    expect(again).toHaveAttribute('aria-disabled', 'true');

    act(() => vi.advanceTimersByTime(ROLL_DURATION_MS));
    expect(within(dialog).getByRole('img', { name: 'The die shows 1' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Seventh Heaven');
    expect(dialog).toHaveTextContent('two drinks max');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll again' }));
    expect(dialog).toHaveTextContent('Rolling…');
    act(() => vi.advanceTimersByTime(ROLL_DURATION_MS));
    expect(within(dialog).getByRole('img', { name: 'The die shows 6' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Common Ground');
    expect(random).toHaveBeenCalledTimes(2);
  });

  it('closes with its close button and on Escape, returning focus; reopening rolls afresh', async () => {
    const user = userEvent.setup();
    const random = sequence(0.2, 0.4); // face 2, then face 3
    render(<Harness random={random} reducedMotion />);
    const opener = screen.getByRole('button', { name: 'Reveal' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Roll for a secret serve' });
    expect(dialog).toHaveTextContent('Night Porter');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();

    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Roll for a secret serve' });
    expect(dialog).toHaveTextContent('Smoke Signal');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('follows prefers-reduced-motion when not told otherwise', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(<Harness random={sequence(0.7)} />);
      await userEvent.click(screen.getByRole('button', { name: 'Reveal' }));
      const dialog = await screen.findByRole('dialog', { name: 'Roll for a secret serve' });
      expect(within(dialog).getByRole('img', { name: 'The die shows 5' })).toBeInTheDocument();
      expect(dialog).toHaveTextContent('Old Stokes');
      expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
