import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { GesturePoint } from '../core/recognise-seven';
import { goodSevenMouse, one } from '../core/recorded-strokes';
import type { SevenGestureSnapshot } from '../core/seven-gesture';
import { SecretSevenSurface, type SecretSevenSurfaceProps } from './secret-seven-surface';

const STATE_TEXT: Record<SevenGestureSnapshot['state'], string> = {
  idle: 'Waiting for a 7.',
  drawing: 'Drawing…',
  complete: 'Seven recognised!',
  failed: 'Not a 7 — try again.',
};

function Demo(props: Pick<SecretSevenSurfaceProps, 'onSeven' | 'enabled'>) {
  const [count, setCount] = useState(0);
  return (
    <div style={{ maxWidth: 560, fontFamily: 'var(--cc-font-body)' }}>
      <h2 style={{ fontFamily: 'var(--cc-font-display)', margin: '0 0 8px' }}>Secret gesture</h2>
      <p style={{ margin: '0 0 12px' }}>
        Draw a 7 in the box: a line to the right, then down and back to the left. Or press the 7 key
        while no field is focused.
      </p>
      <SecretSevenSurface
        {...props}
        onSeven={(via) => {
          setCount((n) => n + 1);
          props.onSeven(via);
        }}
        data-testid="surface"
        style={{ border: '2px solid var(--cc-color-black)', minHeight: 320, padding: 16 }}
      >
        {({ state, reason }) => (
          <>
            <p role="status" style={{ margin: 0, fontWeight: 600 }}>
              {props.enabled === false ? 'The gesture is off.' : STATE_TEXT[state]}
              {state === 'failed' && reason ? ` (${reason.replace(/_/g, ' ')})` : ''}
            </p>
            <p>Sevens so far: {count}</p>
            <p>
              Text here stays selectable and <a href="#menu">links keep working</a>.
            </p>
            <label>
              A field (a 7 typed here does not count) <input type="text" name="note" />
            </label>
          </>
        )}
      </SecretSevenSurface>
    </div>
  );
}

/** Dispatches a recorded stroke over the surface, 40 px in from its top-left corner. */
async function drawOn(surface: HTMLElement, stroke: readonly GesturePoint[]) {
  const rect = surface.getBoundingClientRect();
  const minX = Math.min(...stroke.map((p) => p.x));
  const minY = Math.min(...stroke.map((p) => p.y));
  const at = (p: GesturePoint) => ({ clientX: rect.left + 40 + p.x - minX, clientY: rect.top + 40 + p.y - minY });
  const fire = (type: string, p: GesturePoint) => {
    const { clientX, clientY } = at(p);
    const target = document.elementFromPoint(clientX, clientY) ?? surface;
    target.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        clientX,
        clientY,
        pointerId: 7,
        pointerType: 'mouse',
        isPrimary: true,
        button: type === 'pointermove' ? -1 : 0,
        buttons: type === 'pointerup' ? 0 : 1,
      }),
    );
  };
  fire('pointerdown', stroke[0]);
  for (const p of stroke.slice(1, -1)) {
    fire('pointermove', p);
    await new Promise((resolve) => setTimeout(resolve, 8));
  }
  fire('pointerup', stroke[stroke.length - 1]);
}

const meta = {
  title: 'Gesture/SecretSevenSurface',
  component: Demo,
  args: { onSeven: fn() },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DrawASeven: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await drawOn(canvas.getByTestId('surface'), goodSevenMouse);
    await expect(args.onSeven).toHaveBeenCalledWith('pointer');
    await expect(canvas.getByText('Sevens so far: 1')).toBeInTheDocument();
    await expect(canvas.getByTestId('surface')).toHaveAttribute('data-seven-state', 'complete');
    // cleared 1 s after completion (spec 001 §9)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Waiting for a 7.'), { timeout: 3000 });
  },
};

export const NotASeven: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await drawOn(canvas.getByTestId('surface'), one);
    await expect(canvas.getByRole('status')).toHaveTextContent('Not a 7 — try again. (top too short)');
    await expect(args.onSeven).not.toHaveBeenCalled();
  },
};

export const KeyboardSeven: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), '7');
    await expect(args.onSeven).not.toHaveBeenCalled();
    (canvas.getByRole('textbox') as HTMLInputElement).blur();
    await userEvent.keyboard('7');
    await expect(args.onSeven).toHaveBeenCalledWith('keyboard');
    await expect(canvas.getByRole('status')).toHaveTextContent('Seven recognised!');
  },
};

export const Disabled: Story = {
  args: { enabled: false },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await drawOn(canvas.getByTestId('surface'), goodSevenMouse);
    await userEvent.keyboard('7');
    await expect(args.onSeven).not.toHaveBeenCalled();
  },
};
