import type { Meta, StoryObj } from '@storybook/react-vite';
import { SECTION_FRAMES, sectionFrame, type SectionKey } from './section-frames';

function SectionFrame({ section }: { section: SectionKey }) {
  const Frame = sectionFrame(section);
  return <Frame />;
}

const meta = {
  title: 'Site/Pages/Section frames',
  component: SectionFrame,
  parameters: { layout: 'fullscreen' },
  argTypes: { section: { control: 'select', options: Object.keys(SECTION_FRAMES) } },
} satisfies Meta<typeof SectionFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cafe: Story = { args: { section: 'cafe' } };
export const Cocktails: Story = { args: { section: 'cocktails' } };
export const Beer: Story = { args: { section: 'beer' } };
export const Kitchens: Story = { args: { section: 'kitchens' } };
export const Hall: Story = { args: { section: 'hall' } };
export const Community: Story = { args: { section: 'community' } };
