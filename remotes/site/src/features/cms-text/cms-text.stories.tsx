import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { createContentClient } from '@croft/api-client';
import { buildCmsTextRow, contentHandlers } from '@croft/mocks';
import { CmsText } from './cms-text';

// Each story has its own client, so its text cache (kept per client for the session) is its own.
const clients = {
  home: createContentClient(),
  positioned: createContentClient(),
  down: createContentClient(),
};

function Column({ children }: { children: ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', maxWidth: '60rem', padding: '1rem' }}>{children}</div>;
}

const meta = {
  title: 'Site/CMS text/CmsText',
  component: CmsText,
  args: { page: 'home', section: 'hero', contentKey: 'title', as: 'h1', client: clients.home },
  decorators: [(Story) => <Column>{Story()}</Column>],
} satisfies Meta<typeof CmsText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded home text from the content service: hero, about and the multi-line hours. */
export const HomePage: Story = {
  parameters: { msw: { handlers: contentHandlers() } },
  render: (args) => (
    <>
      <CmsText {...args} />
      <CmsText page="home" section="hero" contentKey="subtitle" client={args.client} />
      <CmsText page="home" section="about" contentKey="heading" as="h2" client={args.client} />
      <CmsText page="home" section="about" contentKey="body" client={args.client} />
      <CmsText page="home" section="details" contentKey="heading" as="h2" client={args.client} />
      <CmsText page="home" section="details" contentKey="body" client={args.client} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Croft Common' })).toBeInTheDocument();
    await expect(canvas.getByText(/Kitchens: noon–9.30pm every day/)).toBeInTheDocument();
  },
};

/** Rows an editor has placed: centred, right-aligned in the right half, with spacing. Drafts stay hidden. */
export const Positioned: Story = {
  args: { page: 'cocktails', section: 'hero', contentKey: 'title', as: 'h1', client: clients.positioned },
  parameters: {
    msw: {
      handlers: contentHandlers({
        pageText: [
          buildCmsTextRow({
            page: 'cocktails',
            section: 'hero',
            content_key: 'title',
            content_data: { text: 'Cocktails', positioning: { alignment: 'center', containerPosition: 'page-center', marginBottom: '4' } },
          }),
          buildCmsTextRow({
            page: 'cocktails',
            section: 'about',
            content_key: 'body',
            content_data: {
              text: 'Rhubarb in spring.\nSmoked pear in autumn.\nA Negroni all year round.',
              positioning: { alignment: 'right', containerPosition: 'page-right', marginTop: '8' },
            },
          }),
          buildCmsTextRow({
            page: 'cocktails',
            section: 'about',
            content_key: 'body',
            content_data: { text: 'An unpublished draft' },
            published: false,
            updated_at: '2030-01-01T00:00:00.000Z',
          }),
        ],
      }),
    },
  },
  render: (args) => (
    <>
      <CmsText {...args} />
      <CmsText page="cocktails" section="about" contentKey="body" client={args.client} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = await canvas.findByText(/Smoked pear in autumn/);
    await expect(body).toHaveClass('cms-text--align-right', 'cms-text--page-right', 'cms-text--mt-8');
    await expect(canvas.queryByText('An unpublished draft')).not.toBeInTheDocument();
  },
};

/** The content service is down: the bundled text shows and nothing about the failure does. */
export const ServiceDown: Story = {
  args: { page: 'kitchens', section: 'hero', contentKey: 'title', as: 'h1', client: clients.down },
  parameters: { msw: { handlers: contentHandlers({ failWith: 503 }) } },
  render: (args) => (
    <>
      <CmsText {...args} />
      <CmsText page="kitchens" section="hero" contentKey="subtitle" client={args.client} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: PAGE_TEXT_DEFAULTS.kitchens.hero.title })).toBeInTheDocument();
    await expect(canvas.getByText(PAGE_TEXT_DEFAULTS.kitchens.hero.subtitle)).toBeInTheDocument();
  },
};
