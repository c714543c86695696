import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RoundButton } from './round-button';

const meta = {
  title: 'UI/RoundButton',
  component: RoundButton,
  args: { children: 'OPEN' },
} satisfies Meta<typeof RoundButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  args: { onClick: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'OPEN' }));
    await expect((args as unknown as { onClick: () => void }).onClick).toHaveBeenCalled();
  },
};

export const BookLink: Story = {
  args: { children: 'BOOK', href: '#book' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'BOOK' })).toHaveAttribute('href', '#book');
  },
};

export const WhiteOnBlack: Story = {
  args: { tone: 'white', children: 'BOOK' },
  render: (args) => (
    <div style={{ background: '#000', padding: 24, display: 'inline-block' }}>
      <RoundButton {...args} />
    </div>
  ),
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <RoundButton size="sm">GO</RoundButton>
      <RoundButton size="md">OPEN</RoundButton>
      <RoundButton size="lg">BOOK</RoundButton>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, children: 'BOOK' } };

export const LongText: Story = { args: { children: 'CLICK ME', size: 'sm' } };

/** OPEN and BOOK as they sit at the bottom right of a section page on a phone. */
export const MobileCorner: Story = {
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <div className="cc-section-cocktails" style={{ position: 'relative', minHeight: 420, background: 'var(--cc-accent)' }}>
      <div style={{ position: 'absolute', right: 16, bottom: 16, display: 'flex', gap: 12 }}>
        <RoundButton href="#book">BOOK</RoundButton>
        <RoundButton>OPEN</RoundButton>
      </div>
    </div>
  ),
};
