import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Film & Cinema' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Film & Cinema'));
    await expect(canvas.getByRole('checkbox', { name: 'Film & Cinema' })).toBeChecked();
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const Invalid: Story = {
  args: {
    label: 'I agree to receive emails from Croft Common',
    required: true,
    error: 'Please provide your name, email and consent to continue.',
  },
};

export const WithHint: Story = { args: { hint: 'Screenings on the last Thursday of the month.' } };

export const Disabled: Story = { args: { disabled: true } };

export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

export const LongText: Story = {
  args: {
    label:
      'Special Occasions & Celebrations, Wedding & Party Catering, Business Meetings & Workspace — tell me about all of it',
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
};

export const Group: Story = {
  render: () => (
    <fieldset style={{ border: 0, padding: 0, display: 'grid', gap: 12 }}>
      <legend style={{ fontFamily: 'var(--cc-font-display)', textTransform: 'uppercase', marginBottom: 12 }}>
        Interests
      </legend>
      {['Cocktail Masterclasses', 'Beer & Brewing Events', 'Cooking Classes', 'Live Music & Entertainment'].map((i) => (
        <Checkbox key={i} label={i} name="interests" value={i} />
      ))}
    </fieldset>
  ),
};
