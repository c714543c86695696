import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Accordion } from '../accordion/accordion';
import { Button } from '../button/button';
import { RoundButton } from '../round-button/round-button';
import { PageFrame } from './page-frame';

const body = (
  <div style={{ display: 'grid', gap: 24, maxWidth: 720 }}>
    <h2>What’s on</h2>
    <p>
      Cafe by day, cocktails by night. A beer hall with twenty taps, kitchens run by local heroes, a hall for
      gigs and a community floor that belongs to the neighbourhood.
    </p>
    <Accordion
      items={[
        { id: 'hours', title: 'Opening hours', content: <p>Every day from 8am until late.</p> },
        { id: 'where', title: 'Where to find us', content: <p>On the corner, with the big black door.</p> },
      ]}
    />
  </div>
);

const meta = {
  title: 'UI/PageFrame',
  component: PageFrame,
  parameters: { layout: 'fullscreen' },
  args: {
    section: 'home',
    eyebrow: 'Croft Common',
    title: 'Eat, drink, gather',
    intro: 'A neighbourhood hub with a cafe, cocktail bar, beer hall, kitchens, a hall and a community space.',
    children: body,
  },
  argTypes: {
    section: {
      control: 'select',
      options: ['home', 'cafe', 'cocktails', 'beer', 'kitchens', 'hall', 'community', 'common-room'],
    },
  },
} satisfies Meta<typeof PageFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('main', { name: 'Eat, drink, gather' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Eat, drink, gather');
  },
};
export const Cafe: Story = { args: { section: 'cafe', title: 'Cafe', eyebrow: 'Ground floor' } };
export const Cocktails: Story = {
  args: {
    section: 'cocktails',
    title: 'Cocktails',
    eyebrow: 'Upstairs',
    actions: (
      <>
        <RoundButton>OPEN</RoundButton>
        <RoundButton href="#book">BOOK</RoundButton>
      </>
    ),
  },
};
export const Beer: Story = { args: { section: 'beer', title: 'Beer', eyebrow: 'The beer hall' } };
export const Kitchens: Story = {
  args: { section: 'kitchens', title: 'Kitchens', eyebrow: 'Four kitchens, one room', actions: <Button variant="secondary">See menus</Button> },
};
export const Hall: Story = { args: { section: 'hall', title: 'Hall', eyebrow: 'Gigs, talks, parties' } };
export const Community: Story = { args: { section: 'community', title: 'Community', eyebrow: 'Common Good' } };
export const CommonRoom: Story = {
  args: { section: 'common-room', title: 'The Common Room', eyebrow: 'Members only' },
};

export const LongTitle: Story = {
  args: {
    section: 'hall',
    title: 'Secret Cinema Club: the last Thursday of every single month',
    intro:
      'Fifty tickets, one or two per booking, released for members. Doors at 19:00, the film starts at 19:30 and nobody knows what it is until the lights go down.',
  },
};

export const Empty: Story = { args: { section: 'beer', title: 'Beer', eyebrow: undefined, intro: undefined, children: undefined } };

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { section: 'kitchens', title: 'Kitchens' },
};
