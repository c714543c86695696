import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DateTimePage } from './date-time-page';

/** A clock that starts at `iso` and then runs in real time. */
function runningFrom(iso: string) {
  const offset = Date.parse(iso) - Date.now();
  return () => new Date(Date.now() + offset);
}

const meta = {
  title: 'Site/Pages/Date and time',
  component: DateTimePage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DateTimePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The real clock, right now. */
export const Live: Story = {};

/** Friday 23:30 in Bristol (winter): open, closing after midnight. */
export const OpenLate: Story = {
  args: { clock: runningFrom('2026-01-09T23:30:00Z') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Open now. Closes at 01:00 (after midnight).')).toBeInTheDocument();
  },
};

/** Saturday 00:30 BST: still Friday's late night. */
export const AfterMidnight: Story = {
  args: { clock: runningFrom('2026-07-03T23:30:00Z') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Open now. Closes at 01:00.')).toBeInTheDocument();
  },
};

/** Monday 05:00: closed until 08:00. */
export const Closed: Story = {
  args: { clock: runningFrom('2026-01-05T05:00:00Z') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Closed now. Opens today at 08:00.')).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...OpenLate,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
