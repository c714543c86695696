import { expect, test } from '../support/test';
import { drawSeven } from '../support/gesture';
import { latestEmailTo } from '../support/maildev';
import { addVirtualAuthenticator, passGateByLinking, subscribe, uniqueEmail } from '../support/membership';

test('OPEN shows the page menu with prices; Escape closes it and focus returns to OPEN', async ({ page }) => {
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Flat white')).toBeVisible();
  await expect(menu.getByText('£3.80').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
});

test('BOOK goes to /book, and an enquiry reaches the venue and the guest by email', async ({ page }) => {
  const email = uniqueEmail('guest');
  await page.goto('/beer');
  await page.getByRole('link', { name: 'Book a table', exact: true }).click();
  await expect(page).toHaveURL('/book');
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  // The footer's newsletter form has Name and Email fields too: everything here is in the enquiry form.
  const enquiry = page.getByRole('form', { name: 'Your enquiry' });
  await enquiry.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
  await enquiry.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await enquiry.locator('input[name=date]').fill(date);
  await enquiry.getByRole('spinbutton', { name: 'Party size' }).fill('6');
  await enquiry.getByRole('combobox', { name: 'Occasion' }).selectOption({ label: 'Birthday' });
  await enquiry.getByRole('textbox', { name: 'Message (optional)' }).fill('A corner table if you have one.');
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('heading', { name: "Thanks — we've got your enquiry" })).toBeVisible();
  const ack = await latestEmailTo(email, /We've got your booking enquiry/);
  expect(ack.text).toContain(date.slice(0, 4));
  const venue = await latestEmailTo('bookings@croftcommon.co.uk', new RegExp(`Booking enquiry: Ada Lovelace, 6 on ${date}`));
  expect(venue.text).toContain('A corner table if you have one.');
  expect(venue.text).toContain(email);
});

test('the footer newsletter form: an empty submit shows the exact error; a full subscribe succeeds with a welcome email', async ({ page }) => {
  const email = uniqueEmail('news');
  await page.goto('/hall');
  // The form loads as the footer comes near the viewport.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const form = page.getByRole('region', { name: 'Join the newsletter' });
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Required fields missing', { exact: true })).toBeVisible();
  await expect(page.getByText('Please provide your name, email and consent to continue.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Mary Somerville');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: /Personalise/ }).click();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Interests required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select at least one interest to help us personalise your experience.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'Film & Cinema' }).check();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText("You're on the list").first()).toBeVisible();
  const welcome = await latestEmailTo(email, /Welcome to Croft Common/);
  expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
});

test('the footer shows the Common Good total in pounds', async ({ page }) => {
  await page.goto('/');
  const total = page.getByRole('contentinfo').locator('.site-cg-total__amount');
  await expect(total).toHaveText(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
});

test('drawing the 7 on /community goes to /common-good with the toast', async ({ page }) => {
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  await drawSeven(page);
  await expect(page).toHaveURL('/common-good');
  await expect(page.getByText('Access granted', { exact: true })).toBeVisible();
  await expect(page.getByText('Common Good Fund unlocked')).toBeVisible();
});

test('a member draws the 7 on /kitchens: the gate, then the Common Cook Book, which Escape does not close', async ({ page }) => {
  const email = uniqueEmail('cook');
  await subscribe(page, email);
  await addVirtualAuthenticator(page);
  await page.goto('/kitchens');
  await expect(page.getByRole('heading', { level: 1, name: 'The Kitchens' })).toBeVisible();
  await drawSeven(page);
  await passGateByLinking(page, email);
  const book = page.getByRole('dialog', { name: 'Common Cook Book' });
  await expect(book).toBeVisible();
  await expect(book.getByText('Wood. Fire. Dough. Good Taste')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(book).toBeVisible();
  await book.getByRole('button', { name: 'Start reading' }).click();
  await expect(book.getByRole('heading', { name: /Sourdough/i }).first()).toBeVisible();
  await book.getByRole('button', { name: 'Close cook book' }).click();
  await expect(book).toBeHidden();
});

test("a member sees today's beer word and rolls the cocktail dice", async ({ page }) => {
  const email = uniqueEmail('beer');
  await subscribe(page, email);
  await addVirtualAuthenticator(page);
  const words = (await (await page.request.get('/api/content/secret-words')).json()) as { items: string[] };
  const now = new Date();
  const day = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.UTC(now.getUTCFullYear(), 0, 1)) / 86_400_000);
  const word = words.items[day % words.items.length];
  await page.goto('/beer');
  await expect(page.getByRole('heading', { level: 1, name: 'The Beer Hall' })).toBeVisible();
  await drawSeven(page);
  await passGateByLinking(page, email);
  const secret = page.getByRole('dialog', { name: 'Membership. Not Members' });
  await expect(secret.getByText(word, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // The same device is now trusted: the dice on /cocktails open by passkey.
  await page.goto('/cocktails');
  await expect(page.getByRole('heading', { level: 1, name: 'Cocktails' })).toBeVisible();
  await drawSeven(page);
  await expect(page.getByText('Croft Common Membership access granted via secure Face ID/Passkey')).toBeVisible();
  const dice = page.getByRole('dialog').filter({ hasText: 'two drinks max' });
  await expect(dice).toBeVisible();
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the menu toggle opens the navigation, and a section link closes it and navigates', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'BEER' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('link', { name: 'BEER' }).click();
    await expect(page).toHaveURL('/beer');
    await expect(page.getByRole('heading', { level: 1, name: 'The Beer Hall' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('on a phone, before the shell has started', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a tap on Menu opens the navigation at once, and the shell keeps it open when it takes over', async ({ page }) => {
    // The shell's script is held back: the page is its prerendered first paint only.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/main.*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'BEER' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    release();
    // The shell has taken over (the page's OPEN is its work) with the navigation still open.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'BEER' })).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'BEER' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('first visit', () => {
  test.use({ playIntro: true });
  test('the intro plays once per session on /, and the page is underneath it', async ({ page }) => {
    await page.goto('/');
    const intro = page.locator('.shell-intro');
    await expect(intro).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeAttached();
    await expect(intro).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
    await expect(page.locator('.shell-intro')).toHaveCount(0);
  });
});

test('the first paint is prerendered: the hero is in the HTML before any script runs', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/kitchens');
  await expect(page.getByRole('heading', { level: 1, name: 'The Kitchens' })).toBeVisible();
  const image = page.locator('main img').first();
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("the Common Room's OPEN: 'Take a look' goes to /calendar and 'Common membership' explains membership", async ({ page }) => {
  await page.goto('/common-room');
  await expect(page.getByRole('heading', { level: 1, name: 'The Common Room' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog').first();
  await expect(menu.getByRole('link', { name: 'Take a look' })).toHaveAttribute('href', '/calendar');
  await menu.getByRole('button', { name: 'Common membership' }).click();
  const membership = page.getByRole('dialog', { name: /membership/i }).last();
  await expect(membership).toBeVisible();
  await expect(membership.getByText(/newsletter/i).first()).toBeVisible();
});
