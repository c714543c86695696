import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, within } from 'storybook/test';
import { RangeField } from './range-field';

const percent = (value: number) => `${Math.round(value * 100)}%`;

const meta = {
  title: 'UI/RangeField',
  component: RangeField,
  args: { label: 'Overlay strength', min: 0, max: 1, step: 0.05, defaultValue: 0.4, formatValue: percent },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof RangeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value reads beside it and is spoken as a percentage (arrow keys, Home/End move it). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Overlay strength' });
    await expect(slider).toHaveAttribute('aria-valuetext', '40%');
    fireEvent.change(slider, { target: { value: '0.45' } });
    await expect(slider).toHaveAttribute('aria-valuetext', '45%');
    await expect(within(canvasElement).getByText('45%')).toBeInTheDocument();
  },
};

export const WithHint: Story = { args: { hint: 'How dark the layer over the image is, so the text on it stays readable.' } };

export const Invalid: Story = { args: { error: 'Choose a strength from 0% to 100%.' } };

export const Disabled: Story = { args: { disabled: true } };

export const LongText: Story = {
  args: {
    label: 'Strength of the dark layer laid over the background image behind the section heading and its text',
    hint: 'Lighter images need a stronger layer for white text to meet the contrast the site promises.',
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };
