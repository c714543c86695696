import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SkipLink } from './skip-link';

const meta = {
  title: 'UI/SkipLink',
  component: SkipLink,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div style={{ position: 'relative', minHeight: 200 }}>
      <SkipLink {...args} />
      <nav aria-label="Sections" style={{ padding: 16 }}>
        <a href="#cafe">CAFE</a>
      </nav>
      <main id="main" style={{ padding: 16 }}>
        <h1>Main content</h1>
      </main>
    </div>
  ),
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden until focused: press Tab in the canvas to see it. */
export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  },
};
