import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ANALYTICS_OPT_OUT_KEY } from '@croft/contracts';
import { PrivacyPage } from './privacy-page';

const meta = {
  title: 'Site/Pages/Privacy',
  component: PrivacyPage,
  parameters: { layout: 'fullscreen' },
  // Each story starts from a browser that has made no analytics choice, and leaves none behind.
  beforeEach: () => {
    localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
    return () => localStorage.removeItem(ANALYTICS_OPT_OUT_KEY);
  },
} satisfies Meta<typeof PrivacyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Retention periods' })).toBeInTheDocument();
    const analytics = canvas.getByRole('region', { name: 'Site analytics' });
    await expect(within(analytics).getByRole('heading', { name: 'What it never records' })).toBeInTheDocument();
  },
};

/** The opt-out: pressed, it says analytics are off and announces it. */
export const TurningAnalyticsOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn analytics off' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Analytics turned off for this browser.');
    await expect(canvas.getByText('Analytics are off for this browser.')).toBeInTheDocument();
    await expect(localStorage.getItem(ANALYTICS_OPT_OUT_KEY)).toBe('1');
  },
};

/** A browser that turned analytics off earlier. */
export const AnalyticsOff: Story = {
  beforeEach: () => {
    localStorage.setItem(ANALYTICS_OPT_OUT_KEY, '1');
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Turn analytics on' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
