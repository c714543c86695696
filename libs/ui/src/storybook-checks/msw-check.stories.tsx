import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { Spinner } from '../components/spinner/spinner';

/**
 * Proves Storybook's MSW wiring (worker script served from tools/msw/public,
 * lazy mswLoader in .storybook/preview.tsx): the request below only succeeds
 * if the story's `parameters.msw.handlers` answer it.
 */
function MswCheck({ url }: { url: string }) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ok'; text: string } | { status: 'error'; text: string }>({
    status: 'loading',
  });
  useEffect(() => {
    let live = true;
    fetch(url)
      .then(async (res) => {
        const body = (await res.json()) as { message?: string; error?: { message: string } };
        if (!live) return;
        if (!res.ok) setState({ status: 'error', text: body.error?.message ?? `HTTP ${res.status}` });
        else setState({ status: 'ok', text: body.message ?? '' });
      })
      .catch((err: unknown) => live && setState({ status: 'error', text: String(err) }));
    return () => {
      live = false;
    };
  }, [url]);
  if (state.status === 'loading') return <Spinner />;
  return <p role={state.status === 'error' ? 'alert' : undefined}>{state.text}</p>;
}

const CHECK_URL = '/__storybook/msw-check';

const meta = {
  title: 'Infrastructure/MSW',
  component: MswCheck,
  args: { url: CHECK_URL },
  tags: ['!autodocs'],
} satisfies Meta<typeof MswCheck>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Mocked: Story = {
  parameters: {
    msw: { handlers: [http.get(CHECK_URL, () => HttpResponse.json({ message: 'Mocked by MSW' }))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Mocked by MSW')).toBeInTheDocument();
  },
};

export const MockedError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get(CHECK_URL, () =>
          HttpResponse.json({ error: { code: 'sold_out', message: 'No tickets left for this month.' } }, { status: 409 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('No tickets left for this month.');
  },
};
