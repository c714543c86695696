import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '@croft/ui';
import { DiceReveal } from './dice-reveal';

/** A fixed random() per story, so the die always lands on the same face. */
function DiceDemo({
  face = 4,
  reducedMotion,
  initiallyOpen = true,
  onClose,
}: {
  face?: 1 | 2 | 3 | 4 | 5 | 6;
  reducedMotion?: boolean;
  initiallyOpen?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <main>
      <Button onClick={() => setOpen(true)}>Reveal the dice</Button>
      <DiceReveal
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        random={() => (face - 1) / 6 + 0.01}
        reducedMotion={reducedMotion}
      />
    </main>
  );
}

const meta = {
  title: 'Site/Dice/DiceReveal',
  component: DiceDemo,
  args: { face: 4, initiallyOpen: true, onClose: fn() },
  argTypes: { face: { control: 'select', options: [1, 2, 3, 4, 5, 6] } },
} satisfies Meta<typeof DiceDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The die rolls, then lands on the member's secret serve. */
export const Rolled: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Roll for a secret serve' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'The die shows 4' })).toBeVisible(), { timeout: 3000 });
    await expect(dialog).toHaveTextContent('Harbour Lights');
    await expect(within(dialog).getByText('Show this to the bar · two drinks max')).toBeVisible();
  },
};

/** Mid-roll: the die tumbles and Roll again waits. */
export const Rolling: Story = {
  args: { face: 2, reducedMotion: false },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Roll for a secret serve' });
    await expect(within(dialog).getByRole('img', { name: 'The die is rolling' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: /Roll again/ })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Reduced motion: no tumble, the result straight away. */
export const ReducedMotion: Story = {
  args: { face: 6, reducedMotion: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Roll for a secret serve' });
    await expect(within(dialog).getByRole('img', { name: 'The die shows 6' })).toBeVisible();
    await expect(dialog).toHaveTextContent('Common Ground');
  },
};

/** Roll again, then close: focus goes back to the opener. */
export const RollAgainAndClose: Story = {
  args: { face: 1, reducedMotion: true, initiallyOpen: false },
  play: async ({ canvasElement, args }) => {
    const page = body(canvasElement);
    const opener = page.getByRole('button', { name: 'Reveal the dice' });
    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Roll for a secret serve' });
    await expect(dialog).toHaveTextContent('Seventh Heaven');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll again' }));
    await expect(dialog).toHaveTextContent('You rolled a 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Mobile: Story = {
  ...Rolled,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
