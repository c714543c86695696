import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { defaultHandlers } from '@croft/mocks';
import { PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { SectionPage } from './section-page';
import type { SectionPageKey } from './section-page-keys';

const meta = {
  title: 'Site/Pages/Section page',
  component: SectionPage,
  decorators: [
    (Story, { args }) => (
      <MemoryRouter initialEntries={[`/${args.page}`]}>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen', msw: { handlers: defaultHandlers } },
} satisfies Meta<typeof SectionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (key: SectionPageKey): Story => ({
  args: { page: key },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: PAGE_TEXT_DEFAULTS[key].hero.title })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: PAGE_TEXT_DEFAULTS[key].about.heading })).toBeInTheDocument();
    await expect(await canvas.findByRole('region', { name: 'Questions, answered' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
});

export const Cafe = page('cafe');
export const Cocktails = page('cocktails');
export const Beer = page('beer');
export const Kitchens = page('kitchens');
export const Hall = page('hall');
export const Community = page('community');
export const Mobile: Story = { ...page('beer'), globals: { viewport: { value: 'mobile1' } } };
