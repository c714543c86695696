import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import sample from './fixtures/sample.svg';
import { ResilientImage } from './resilient-image';

const meta = {
  title: 'UI/ResilientImage',
  component: ResilientImage,
  args: { src: sample, alt: 'Croft Common sign', width: 480, height: 270 },
} satisfies Meta<typeof ResilientImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithSrcSetAndPriority: Story = {
  args: { srcSet: `${sample} 960w`, sizes: '(min-width: 768px) 480px, 100vw', fetchPriority: 'high' },
};

/** A missing image: retries at 0.5 s and 2 s (cache-bypassed), then gives up. */
export const Retrying: Story = {
  args: { src: '/images/does-not-exist.jpg', alt: 'Cocktail bar' },
};

/** What a visitor sees once every retry failed. */
export const Unavailable: Story = {
  args: { src: '/images/does-not-exist.jpg', alt: 'Cocktail bar', retryDelays: [] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Image unavailable')).toBeVisible();
  },
};

export const Lazy: Story = { args: { loading: 'lazy', decoding: 'async' } };

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { style: { width: '100%', height: 'auto' } },
};
