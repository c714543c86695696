import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BACKGROUND_SETS } from '@croft/contracts';
import { RoundButton } from '../round-button/round-button';
import { HeroCarousel } from './hero-carousel';
import type { HeroSlide } from './hero-carousel';

const homeSlides: HeroSlide[] = BACKGROUND_SETS.home.map(({ id, alt, overlay, position }) => ({ id, alt, overlay, position }));

const Actions = () => (
  <>
    <RoundButton href="#book" tone="white">
      Book
    </RoundButton>
    <RoundButton tone="white" onClick={() => undefined}>
      Open
    </RoundButton>
  </>
);

const Headline = () => (
  <h1 style={{ fontFamily: 'var(--cc-font-display)', fontSize: 'clamp(2.5rem, 8vw, 5rem)', lineHeight: 1, margin: 0, textTransform: 'uppercase' }}>
    Croft Common
  </h1>
);

const meta = {
  title: 'UI/HeroCarousel',
  component: HeroCarousel,
  parameters: { layout: 'fullscreen' },
  args: {
    slides: homeSlides,
    label: 'Highlights',
    children: <Headline />,
    actions: <Actions />,
    style: { ['--cc-hero-height' as string]: '32rem' },
  },
} satisfies Meta<typeof HeroCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Desktop: slide 1 is painted from the markup (eager, fetchpriority high);
 * autoplay every 4 s after the 2 s start timeout and 1 s after window load,
 * paused on hover and focus and by the pause button.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Highlights' });
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const first = canvas.getByRole('img', { name: homeSlides[0].alt }) as HTMLImageElement;
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await waitFor(() => expect(first.complete && first.naturalWidth > 0).toBe(true), { timeout: 10_000 });

    const dots = canvas.getAllByRole('button', { name: /^Show slide \d of 4$/ });
    await expect(dots).toHaveLength(4);
    await expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(dots[1]).toHaveAttribute('aria-current', 'true'));
    await userEvent.click(dots[3]);
    await waitFor(() => expect(dots[3]).toHaveAttribute('aria-current', 'true'));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous slide' }));
    await waitFor(() => expect(dots[2]).toHaveAttribute('aria-current', 'true'));

    // WCAG 2.2.2: a visible control stops the motion.
    await userEvent.click(canvas.getByRole('button', { name: 'Pause slideshow' }));
    await expect(canvas.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: '3 of 4' }).parentElement).toHaveAttribute('aria-live', 'polite');
  },
};

/** Left alone on a desktop: the next slide comes 4 s after autoplay starts (2 s start timeout, 1 s after load). */
export const Autoplay: Story = {
  args: { environment: { viewportWidth: 1280, reducedMotion: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = canvas.getByRole('button', { name: 'Show slide 2 of 4' });
    await expect(second).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(second).toHaveAttribute('aria-current', 'true'), { timeout: 12_000, interval: 250 });
    await expect(canvas.getByRole('group', { name: '2 of 4' })).not.toHaveAttribute('aria-hidden');
    await expect(canvasElement.querySelector('[aria-label="1 of 4"]')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** Mobile (< 768 px): 6 s autoplay; only the first 2 images load at once, the rest after 1 s. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { style: undefined },
  play: async ({ canvasElement }) => {
    const slides = canvasElement.querySelectorAll('.cc-hero__slide');
    await expect(slides).toHaveLength(4);
    await waitFor(() => expect(canvasElement.querySelectorAll('.cc-hero__slide img')).toHaveLength(4), { timeout: 5_000 });
  },
};

/**
 * prefers-reduced-motion (forced here through `environment`; in a browser it
 * is read from the media query): no autoplay, slides jump instead of sliding,
 * and every control still works. Play starts autoplay on request.
 */
export const ReducedMotion: Story = {
  args: { environment: { viewportWidth: 1280, reducedMotion: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Play slideshow' })).toBeVisible());
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Show slide 2 of 4' })).toHaveAttribute('aria-current', 'true'));
  },
};

/** Slides whose files are missing: each shows 'Image unavailable' after its retries. */
export const FailingImage: Story = {
  args: {
    slides: [
      { id: 'no-such-image', alt: 'A missing poster', overlay: 0.4 },
      { id: 'also-missing', alt: 'Another missing poster' },
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByText('Image unavailable')).toHaveLength(2), { timeout: 8_000 });
  },
};

export const LongAlt: Story = {
  args: {
    slides: [
      {
        id: 'home-3',
        alt: 'Poster of overlapping section colours: lime for cocktails, orange for the beer hall, deep red for the kitchens, purple for the hall and blue for community, stacked like coloured gels on a lighting desk',
        overlay: 0.5,
      },
      ...homeSlides.slice(0, 2),
    ],
    actions: ({ index }) => (
      <RoundButton href="#book" tone="white">
        {`Book ${index + 1}`}
      </RoundButton>
    ),
  },
};

/** One image: no controls, nothing moves. */
export const SingleSlide: Story = {
  args: { slides: homeSlides.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Next slide' })).toBeNull();
  },
};
