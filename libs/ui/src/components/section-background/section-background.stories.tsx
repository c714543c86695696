import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { BACKGROUND_SETS } from '@croft/contracts';
import type { BackgroundImage } from '@croft/contracts';
import { SectionBackground } from './section-background';

const Copy = ({ title }: { title: string }) => (
  <div style={{ maxWidth: '36rem' }}>
    <h2 style={{ fontFamily: 'var(--cc-font-display)', fontSize: '3rem', margin: 0, textTransform: 'uppercase' }}>{title}</h2>
    <p>Coffee from eight, pastries from the oven, and a long table by the window.</p>
  </div>
);

const meta = {
  title: 'UI/SectionBackground',
  component: SectionBackground,
  parameters: { layout: 'fullscreen' },
  args: { images: BACKGROUND_SETS.cafe, as: 'section', 'aria-label': 'Cafe', children: <Copy title="Cafe" /> },
} satisfies Meta<typeof SectionBackground>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Cafe' });
    await expect(region).toHaveAttribute('data-tone', 'warm');
    await expect(region).toHaveClass('cc-section-background--on-dark');
    const first = region.querySelector('img') as HTMLImageElement;
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await waitFor(() => expect(first.complete && first.naturalWidth > 0).toBe(true), { timeout: 10_000 });
  },
};

export const Cocktails: Story = {
  args: { images: BACKGROUND_SETS.cocktails, 'aria-label': 'Cocktails', children: <Copy title="Cocktails" /> },
};

/** A light image without a scrim: the text turns black. */
export const LightTone: Story = {
  args: {
    images: [{ ...BACKGROUND_SETS.cafe[1], overlay: 0 }] as BackgroundImage[],
    'aria-label': 'Cafe',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Cafe' })).toHaveClass('cc-section-background--on-light');
  },
};

export const Industrial: Story = {
  args: { images: BACKGROUND_SETS.beer, 'aria-label': 'Beer', children: <Copy title="Beer hall" /> },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { images: BACKGROUND_SETS.kitchens, 'aria-label': 'Kitchens', children: <Copy title="Kitchens" /> },
};

/** Every image missing: the scrim and text still render over the fallback. */
export const FailingImage: Story = {
  args: {
    images: [{ id: 'no-such-image', set: 'cafe', tone: 'dark', alt: 'Missing', overlay: 0.4 }] as BackgroundImage[],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Image unavailable', undefined, { timeout: 8_000 })).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('heading', { name: 'Cafe' })).toBeVisible();
  },
};

/** Described for screen readers, with a long description. */
export const LongAlt: Story = {
  args: {
    describe: true,
    images: [
      {
        ...BACKGROUND_SETS.community[1],
        alt: 'Community poster: a noticeboard of blue and white cards, pinned at slight angles, announcing a repair cafe, a choir, a supper club, a swap shop, a film night and a Sunday litter pick',
      },
    ] as BackgroundImage[],
    'aria-label': 'Community',
    children: <Copy title="Community" />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: /noticeboard of blue and white cards/ })).toBeInTheDocument();
  },
};
