import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { contentEndpoints as content } from '@croft/contracts';
import { buildFaqRow, contentHandlers, mockEndpoint } from '@croft/mocks';
import { FaqSection } from './faq-section';

const meta = {
  title: 'Site/FAQ section',
  component: FaqSection,
  args: { page: 'home' },
} satisfies Meta<typeof FaqSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The home FAQ as the content service answers it. */
export const Home: Story = {
  parameters: { msw: { handlers: contentHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = await canvas.findByRole('button', { name: 'When is Croft Common open?' });
    await userEvent.click(question);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [mockEndpoint(content.listFaq, () => delay('infinite').then(() => ({ items: [] })))] },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading questions');
  },
};

export const LongText: Story = {
  parameters: {
    msw: {
      handlers: contentHandlers({
        faq: [
          buildFaqRow({
            page: 'home',
            question: 'Can I bring a group of twenty for a birthday on a Saturday night, with a cake, a speech and a dog?',
            answer:
              'Yes to all of it. Send us an enquiry through the BOOK button with the date, numbers and anything special, and the events team will hold the mezzanine, chill the fizz and find the dog a water bowl. '.repeat(3),
          }),
        ],
      }),
    },
  },
};

/** A failed read shows nothing at all: visitors never see a fetch error in the FAQ. */
export const ServiceDown: Story = {
  parameters: { msw: { handlers: contentHandlers({ failWith: 503 }) } },
};

export const Mobile: Story = {
  ...Home,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
