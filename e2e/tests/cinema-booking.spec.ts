import { expect, test } from '../support/test';
import { pressSeven } from '../support/gesture';
import { latestEmailTo, MAILDEV_WEB, signInCodeFor } from '../support/maildev';
import { apiSignIn, subscribe, uniqueEmail } from '../support/membership';
import type { APIRequestContext } from '@playwright/test';

/** A subscribed member, signed in through the API, books one seat: the count drops by one. Their bearer headers. */
async function someoneBooksOne(request: APIRequestContext, page: import('@playwright/test').Page): Promise<Record<string, string>> {
  const email = uniqueEmail('early-bird');
  await subscribe(page, email);
  const headers = await apiSignIn(request, email);
  const { screening_id } = await (await request.get('/api/cinema/status')).json();
  const sold = await request.post('/api/cinema/bookings', { headers, data: { screening_id, primary_name: 'Early Bird', quantity: 1 } });
  expect(sold.status(), await sold.text()).toBe(201);
  return headers;
}

/**
 * Issue 13 as a member meets it on the composed site: the 7 on /hall opens Secret Cinema, Book asks
 * for the emailed code, the booking goes on, the ticket numbers show, the ticket email (with its
 * calendar event and a QR code per ticket) reaches MailDev, and Resend sends it again.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
// Both tests sell seats of the one screening on sale: one after the other, never side by side.
test.describe.configure({ mode: 'serial' });

test('a member books 2 with a guest from /hall, signs in on the way, gets the tickets by email, and Resend sends them again', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('film-fan');
  await subscribe(page, email);
  await page.goto('/hall');
  await expect(page.getByRole('heading', { level: 1, name: 'Hall' })).toBeVisible();
  await pressSeven(page);
  const dialog = page.getByRole('dialog', { name: 'Secret Cinema Club' });
  await expect(dialog.getByText('Tickets left')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Your name/ }).fill('Ada Lovelace');
  await dialog.getByRole('combobox', { name: /Tickets/ }).selectOption('2');
  await dialog.getByRole('textbox', { name: /guest's name/ }).fill('Charles Babbage');
  await dialog.getByRole('button', { name: 'Book 2 tickets' }).click();

  // Not signed in: the emailed code first, then the booking goes on by itself.
  const signIn = page.getByRole('dialog', { name: 'Sign in to book' });
  await signIn.getByRole('textbox', { name: /Email/ }).fill(email);
  const since = Date.now();
  await signIn.getByRole('button', { name: 'Send code' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Enter verification code' });
  await codeStep.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor(email, since));
  await codeStep.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Booking confirmed', { exact: true })).toBeVisible();
  const numbers = dialog.getByText(/^#\d+ and #\d+$/);
  await expect(numbers).toBeVisible();
  const [first, second] = ((await numbers.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(second).toBe(first + 1);

  // The ticket email: the spec's payload, the calendar event, a QR code per ticket.
  const mail = await latestEmailTo(email, /Secret Cinema tickets/);
  expect(mail.text).toContain(`Tickets #${first} and #${second} for Ada Lovelace and Charles Babbage.`);
  const files = mail.attachments ?? [];
  expect(files.map((f) => f.fileName).sort()).toEqual(['secret-cinema.ics', `ticket-${first}.png`, `ticket-${second}.png`]);
  const ics = await (await fetch(`${MAILDEV_WEB}/email/${mail.id}/attachment/${files.find((f) => f.fileName.endsWith('.ics'))!.generatedFileName}`)).text();
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain('SUMMARY:Secret Cinema Club');

  // Resend: 'Email sent', and a second email arrives.
  const resentSince = Date.now();
  await dialog.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Email sent', { exact: true })).toBeVisible();
  await latestEmailTo(email, /Secret Cinema tickets/, resentSince);

  // Opening again shows the member's tickets, not the form.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await pressSeven(page);
  await expect(dialog.getByText(`#${first} and #${second}`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel my tickets' })).toBeVisible();
});

test('with one ticket left, 2 falls back to 1; sold out, a member joins the waiting list, a seat comes back held for them, and they book it', async ({ page, browser }) => {
  // The e2e site's screening has CINEMA_CAPACITY seats (playwright.config.ts); other members buy
  // them through the API until one is left.
  test.setTimeout(180_000);
  const others = await browser.newContext();
  const left = async () => (await (await others.request.get('/api/cinema/status')).json()).tickets_left as number;
  while ((await left()) > 1) await someoneBooksOne(others.request, page);
  expect(await left()).toBe(1);

  await page.goto('/hall');
  await pressSeven(page);
  const dialog = page.getByRole('dialog', { name: 'Secret Cinema Club' });
  const tickets = dialog.getByRole('combobox', { name: /Tickets/ });
  await expect(dialog.getByText('Only one ticket is left.')).toBeVisible();
  await expect(tickets).toHaveValue('1');
  await expect(tickets.getByRole('option', { name: '2 tickets' })).toBeDisabled();
  await page.keyboard.press('Escape');

  const lastBuyer = await someoneBooksOne(others.request, page);
  await pressSeven(page);
  await expect(dialog.getByText(/No tickets left for this month\./)).toBeVisible();

  // The waiting list: join (signing in on the way), then a seat comes back and is held for them.
  const email = uniqueEmail('waiting');
  await subscribe(page, email);
  await dialog.getByRole('textbox', { name: /Your name/ }).fill('Mary Somerville');
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to book' });
  await signIn.getByRole('textbox', { name: /Email/ }).fill(email);
  const since = Date.now();
  await signIn.getByRole('button', { name: 'Send code' }).click();
  const codeStep = page.getByRole('dialog', { name: 'Enter verification code' });
  await codeStep.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor(email, since));
  await codeStep.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/You're on the waiting list: number 1 in line for 1 ticket\./)).toBeVisible();
  await page.keyboard.press('Escape');

  const offeredSince = Date.now();
  const cancelled = await others.request.delete('/api/cinema/bookings/mine', { headers: lastBuyer });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const offer = await latestEmailTo(email, /Seats for Secret Cinema/, offeredSince);
  expect(offer.text).toContain('you are next on the waiting list');
  await pressSeven(page);
  await expect(dialog.getByText(/Seats came back for you: book them by/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Book my ticket' }).click();
  await expect(page.getByText('Booking confirmed', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^#\d+$/)).toBeVisible();
  expect(await left()).toBe(0);
  await others.close();
});
