import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { MemoryRouter } from '@croft/router';
import { queryWrapper } from '@croft/query/testing';
import { ToastProvider, createToastStore } from '@croft/ui';
import { CONSENT_TEXT, subscribeRequestSchema } from '@croft/contracts';
import { createNewsletterClient } from '@croft/api-client';
import { newsletterHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { NewsletterForm } from './newsletter-form';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createNewsletterClient({ baseUrl: 'http://api.test' });

/** Records every raw body POSTed to subscribe, then lets the next handler answer. */
function recordBodies() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/newsletter/subscribe', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

function setup() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <ToastProvider store={createToastStore()}>
        <NewsletterForm client={client} />
      </ToastProvider>
    </MemoryRouter>,
    { wrapper: queryWrapper() },
  );
  const form = within(screen.getByRole('region', { name: 'Join the newsletter' }));
  return {
    user,
    name: form.getByRole('textbox', { name: /^Name/ }),
    email: form.getByRole('textbox', { name: /^Email/ }),
    phone: form.getByRole('textbox', { name: 'Phone (optional)' }),
    day: form.getByRole('combobox', { name: 'Day' }),
    month: form.getByRole('combobox', { name: 'Month' }),
    consent: form.getByRole('checkbox', { name: new RegExp(`^${CONSENT_TEXT.slice(0, 40)}`) }),
    personalise: form.getByRole('button', { name: /^Personalise/ }),
    submit: form.getByRole('button', { name: /^Subscribe/ }),
  };
}

async function fillRequired(f: ReturnType<typeof setup>) {
  await f.user.type(f.name, 'Ada Lovelace');
  await f.user.type(f.email, 'ada@example.com');
  await f.user.click(f.consent);
}

describe('NewsletterForm', { timeout: 20_000 }, () => {
  it('an empty submit shows the exact required-fields error, marks the fields and sends nothing', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    expect(f.submit).toBeEnabled();
    await f.user.click(f.submit);

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Required fields missing')).toBeInTheDocument();
    expect(within(alert).getByText('Please provide your name, email and consent to continue.')).toBeInTheDocument();
    expect(f.name).toHaveAttribute('aria-invalid', 'true');
    expect(f.email).toHaveAttribute('aria-invalid', 'true');
    expect(f.consent).toHaveAttribute('aria-invalid', 'true');
    expect(f.name).toHaveAccessibleDescription('Enter your name.');
    expect(f.phone).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(f.name).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('missing consent alone gives the same error and focuses the checkbox; ticking it clears the mark', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    await f.user.type(f.name, 'Ada');
    await f.user.type(f.email, 'ada@example.com');
    await f.user.click(f.submit);

    expect(await screen.findByText('Required fields missing')).toBeInTheDocument();
    expect(screen.getByText('Please provide your name, email and consent to continue.')).toBeInTheDocument();
    expect(f.consent).toHaveAttribute('aria-invalid', 'true');
    expect(f.name).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(f.consent).toHaveFocus());
    await f.user.click(f.consent);
    expect(f.consent).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
  });

  it('with Personalise open and no interest picked, shows the exact interests error', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    await fillRequired(f);
    expect(f.personalise).toHaveAttribute('aria-expanded', 'false');
    await f.user.click(f.personalise);
    expect(f.personalise).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Your interests' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(13);

    await f.user.click(f.submit);
    expect(await screen.findByText('Interests required')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one interest to help us personalise your experience.')).toBeInTheDocument();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(group).getByRole('checkbox', { name: 'Private Events & Bookings' })).toHaveFocus());
    expect(bodies).toEqual([]);

    // Closing the panel lifts the rule: the same form now subscribes.
    await f.user.click(f.personalise);
    await f.user.click(f.submit);
    expect(await screen.findByText("You're on the list")).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@example.com', name: 'Ada Lovelace', consent: true }]);
  });

  it('a full subscribe sends the contract body (birthday day/Monthname, interests) and shows success', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    await f.user.type(f.name, '  Ada Lovelace ');
    await f.user.type(f.email, 'ada@example.com');
    await f.user.type(f.phone, '0117 496 0000');
    await f.user.selectOptions(f.day, '7');
    await f.user.selectOptions(f.month, 'March');
    await f.user.click(f.consent);
    await f.user.click(f.personalise);
    await f.user.click(screen.getByRole('checkbox', { name: 'Film & Cinema' }));
    await f.user.click(screen.getByRole('checkbox', { name: 'Beer & Brewing Events' }));
    expect(f.personalise).toHaveAccessibleName(/Personalise \(2 chosen\)/);
    await f.user.click(f.submit);

    expect(await screen.findByText("You're on the list")).toBeInTheDocument();
    expect(screen.getByText('Check your inbox for a welcome from Croft Common.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        consent: true,
        phone: '0117 496 0000',
        birthday: '7/March',
        interests: ['Beer & Brewing Events', 'Film & Cinema'],
      },
    ]);
    expect(z.safeParse(subscribeRequestSchema, bodies[0]).success).toBe(true);
    // A fresh form, and focus on the confirmation.
    const done = screen.getByText("Thanks, Ada Lovelace. You're on the list.");
    await waitFor(() => expect(done).toHaveFocus());
    expect(f.name).toHaveValue('');
    expect(f.consent).not.toBeChecked();
  });

  it('a birthday with only a day chosen is not sent', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    await fillRequired(f);
    await f.user.selectOptions(f.day, '12');
    await f.user.click(f.submit);
    expect(await screen.findByText("You're on the list")).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@example.com', name: 'Ada Lovelace', consent: true }]);
  });

  it('a day that does not exist in the month is marked and not sent', async () => {
    server.use(...newsletterHandlers());
    const bodies = recordBodies();
    const f = setup();
    await fillRequired(f);
    await f.user.selectOptions(f.day, '31');
    await f.user.selectOptions(f.month, 'April');
    await f.user.click(f.submit);
    expect(await screen.findByText('Check your details')).toBeInTheDocument();
    expect(f.day).toHaveAttribute('aria-invalid', 'true');
    expect(f.day).toHaveAccessibleDescription('Choose a day that exists in that month.');
    await waitFor(() => expect(f.day).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it("a failure shows 'Subscription failed' with the service's message and keeps every value", async () => {
    const message = 'This email address was signed up several times recently. Please try again later.';
    server.use(...newsletterHandlers({ subscribeFails: { status: 429, code: 'rate_limited', message } }));
    const f = setup();
    await fillRequired(f);
    await f.user.type(f.phone, '+44 117 496 0000');
    await f.user.selectOptions(f.day, '29');
    await f.user.selectOptions(f.month, 'February');
    await f.user.click(f.personalise);
    await f.user.click(screen.getByRole('checkbox', { name: 'Cooking Classes' }));
    await f.user.click(f.submit);

    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Subscription failed')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(f.name).toHaveValue('Ada Lovelace');
    expect(f.email).toHaveValue('ada@example.com');
    expect(f.phone).toHaveValue('+44 117 496 0000');
    expect(f.day).toHaveValue('29');
    expect(f.month).toHaveValue('February');
    expect(f.consent).toBeChecked();
    expect(f.personalise).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'Cooking Classes' })).toBeChecked();
    await waitFor(() => expect(f.submit).not.toHaveAttribute('aria-disabled'));
  });

  it("a failure without a service message says 'Please try again later.'", async () => {
    server.use(http.post('*/api/newsletter/subscribe', () => new HttpResponse('gateway down', { status: 502 })));
    const f = setup();
    await fillRequired(f);
    await f.user.click(f.submit);
    expect(await screen.findByText('Subscription failed')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    expect(f.email).toHaveValue('ada@example.com');
  });

  it('the submit is disabled while sending and a second press sends nothing more', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/newsletter/subscribe', async () => {
        await held;
        return HttpResponse.json({ status: 'subscribed', welcome_email: 'sent' }, { status: 201 });
      }),
    );
    const bodies = recordBodies();
    const f = setup();
    await fillRequired(f);
    await f.user.click(f.submit);
    await waitFor(() => expect(f.submit).toHaveAttribute('aria-disabled', 'true'));
    expect(f.submit).toHaveAttribute('aria-busy', 'true');
    await f.user.click(f.submit);
    release();
    expect(await screen.findByText("You're on the list")).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(f.submit).not.toHaveAttribute('aria-disabled');
  });

  it('links the consent to the privacy notice', () => {
    setup();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  });
});
