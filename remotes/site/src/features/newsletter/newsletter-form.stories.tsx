import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { MemoryRouter } from '@croft/router';
import { CONSENT_TEXT } from '@croft/contracts';
import { newsletterHandlers } from '@croft/mocks';
import { NewsletterForm } from './newsletter-form';

const meta = {
  title: 'Site/Footer/NewsletterForm',
  component: NewsletterForm,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { msw: { handlers: newsletterHandlers() } },
} satisfies Meta<typeof NewsletterForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function fillRequired(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Ada Lovelace');
  await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
  await userEvent.click(canvas.getByRole('checkbox', { name: new RegExp(`^${CONSENT_TEXT.slice(0, 30)}`) }));
}

const page = () => within(document.body);

export const Default: Story = {};

/** On the black footer it sits on. */
export const OnFooter: Story = {
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--cc-color-black)', padding: 'var(--cc-space-5)' }}>
        <Story />
      </div>
    ),
  ],
};

/** An empty submit: the spec's toast, every required field marked, focus on the first. */
export const RequiredFieldsMissing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(await page().findByText('Required fields missing')).toBeInTheDocument();
    await expect(page().getByText('Please provide your name, email and consent to continue.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
  },
};

export const InterestsRequired: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvas);
    await userEvent.click(canvas.getByRole('button', { name: /^Personalise/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(await page().findByText('Interests required')).toBeInTheDocument();
    await expect(
      page().getByText('Please select at least one interest to help us personalise your experience.'),
    ).toBeInTheDocument();
  },
};

/** Malformed optional details: inline messages, the 'Check your details' toast. */
export const InvalidDetails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Ada');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'ada@example');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone (optional)' }), 'call me');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Day' }), '31');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Month' }), 'April');
    await userEvent.click(canvas.getByRole('checkbox', { name: new RegExp(`^${CONSENT_TEXT.slice(0, 30)}`) }));
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(await page().findByText('Check your details')).toBeInTheDocument();
    await expect(canvas.getByText('Enter an email address like name@example.com.')).toBeInTheDocument();
  },
};

export const Personalised: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Personalise/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Live Music & Entertainment' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Film & Cinema' }));
    await expect(canvas.getByRole('button', { name: /Personalise \(2 chosen\)/ })).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvas);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Day' }), '7');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Month' }), 'March');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(await page().findByText("You're on the list")).toBeInTheDocument();
    await expect(await canvas.findByText("Thanks, Ada Lovelace. You're on the list.")).toBeInTheDocument();
  },
};

/** The answer never comes: the button shows it is busy and ignores more presses. */
export const Sending: Story = {
  parameters: { msw: { handlers: newsletterHandlers({ subscribeDelay: 'infinite' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /^Subscribe/ })).toHaveAttribute('aria-busy', 'true'));
  },
};

export const Failure: Story = {
  parameters: {
    msw: {
      handlers: newsletterHandlers({
        subscribeFails: {
          status: 429,
          code: 'rate_limited',
          message: 'Too many sign-up attempts from your connection. Please try again in a few minutes.',
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillRequired(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(await page().findByText('Subscription failed')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
  },
};

/** A 390 px phone: one column, nothing wider than the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div data-testid="phone" style={{ width: 390, maxWidth: '100%' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Personalise/ }));
    const phone = canvas.getByTestId('phone');
    await expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
  },
};
