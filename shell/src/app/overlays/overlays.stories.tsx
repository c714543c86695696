import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { TransitionOverlay } from './transition-overlay';
import { IDLE } from './transition-controller';
import { IntroOverlay, INTRO_PLAYED_KEY } from './intro-overlay';

const meta = {
  title: 'Shell/Overlays',
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The soft navigation transition: the section's preview image and the logo. */
export const SoftTransition: Story = {
  render: () => <TransitionOverlay state={{ ...IDLE, visible: true, target: '/kitchens', variant: 'soft', preview: 'kitchens-1', phase: 'soft-logo' }} />,
  play: async ({ canvasElement }) => {
    const overlay = within(canvasElement).getByRole('status');
    await expect(overlay).toHaveAttribute('data-variant', 'soft');
    // it fades in over 200 ms
    await waitFor(() => expect(within(overlay).getByRole('img', { name: 'CROFT COMMON' })).toBeVisible());
  },
};

/** The strobe variant's first phase: the texture flashing every 166 ms. */
export const StrobeTransition: Story = {
  render: () => <TransitionOverlay state={{ ...IDLE, visible: true, target: '/', variant: 'strobe', phase: 'strobe' }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('data-phase', 'strobe');
  },
};

/** The intro on a first visit to / (it plays once per browser session). */
export const Intro: Story = {
  beforeEach: () => {
    sessionStorage.removeItem(INTRO_PLAYED_KEY);
    return () => sessionStorage.removeItem(INTRO_PLAYED_KEY);
  },
  render: () => <IntroOverlay />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Skip intro' })).toBeVisible());
  },
};
