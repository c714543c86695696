import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createNudgeController, type NudgeController } from '../core/nudge-controller';
import { NUDGE_CHANNEL } from '../core/constants';
import { NudgeLauncher } from './nudge-launcher';

/** What the service worker does on a push: SHOW_NUDGE on the channel. */
function sendNudge() {
  const channel = new BroadcastChannel(NUDGE_CHANNEL);
  channel.postMessage({ type: 'SHOW_NUDGE', url: '/hall', timestamp: Date.now() });
  channel.close();
}

/**
 * The nudge as the shell runs it, on this page's real BroadcastChannel: a SHOW_NUDGE on
 * 'nudge-notification' brings CLICK ME; a click routes (here: recorded) and clears it. The
 * state is kept in memory and no service worker is involved, so stories do not share a nudge.
 */
function Demo({ navigate, openExternal }: { navigate: (path: string) => void; openExternal: (url: string) => void }) {
  const [path, setPath] = useState('/cafe');
  const pathRef = useRef(path);
  pathRef.current = path;
  const [controller] = useState<NudgeController>(() =>
    createNudgeController({
      storage: null,
      now: () => Date.now(),
      pathname: () => pathRef.current,
      href: () => `${window.location.origin}${pathRef.current}`,
      origin: window.location.origin,
      readStoredNudge: async () => null,
      window,
      document,
      createChannel: (name) => new BroadcastChannel(name),
      navigate: (to) => {
        setPath(to);
        navigate(to);
      },
      openExternal,
      logger: console,
    }),
  );
  return (
    <div style={{ minHeight: 480, padding: 24, fontFamily: 'var(--cc-font-body)' }}>
      <p>
        Page: <output aria-label="Current page">{path}</output>
      </p>
      <button type="button" onClick={sendNudge}>
        Send a nudge to /hall
      </button>
      <NudgeLauncher navigate={navigate} pathname={path} controller={controller} />
    </div>
  );
}

const meta = {
  title: 'Nudge/NudgeLauncher',
  component: Demo,
  parameters: {
    layout: 'fullscreen',
    // Spec 000 §2 fixes the visible 'CLICK ME' and the name 'Nudge' (see NudgeButton's stories).
    a11y: { test: 'error', config: { rules: [{ id: 'label-content-name-mismatch', enabled: false }] } },
  },
  args: { navigate: fn(), openExternal: fn() },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing shows until a nudge arrives. */
export const Waiting: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Nudge' })).toBeNull();
  },
};

/** A nudge on the channel shows CLICK ME; the click goes to its page and the button goes away. */
export const ArrivesAndIsClicked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send a nudge to /hall' }));
    const nudge = await canvas.findByRole('button', { name: 'Nudge' });
    await expect(nudge).toHaveTextContent('CLICK ME');
    await userEvent.click(nudge);
    await expect(args.navigate).toHaveBeenCalledWith('/hall');
    await expect(canvas.getByLabelText('Current page')).toHaveTextContent('/hall');
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Nudge' })).toBeNull());
  },
};
