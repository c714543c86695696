import { authenticator } from 'otplib';
import sharp from 'sharp';
import { expect, test, type Page } from '../support/test';
import { signInCodeFor } from '../support/maildev';
import { apiSignIn, subscribe, uniqueEmail } from '../support/membership';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Issue 11 on the built site, as its people use it: the first admin (ADMIN_EMAIL, which
 * `npm start` sets to admin@example.com) signs in at /cms/login, sets up the authenticator app,
 * makes another address an editor; the editor edits a text in place, a visitor still sees the
 * published one until the editor publishes.
 */
const ADMIN = 'admin@example.com';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A TOTP code for `secret` that was not used in this 30 s step (identity refuses a code twice). */
async function freshTotp(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = authenticator.generate(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function staffSignIn(page: Page, email: string, next = '/cms'): Promise<void> {
  await page.goto(`/cms/login?next=${encodeURIComponent(next)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: /Work email/ }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: /Send( the)? code/ }).click();
  await page.getByRole('textbox', { name: /6-digit code/ }).fill(await signInCodeFor(email, since));
  await page.getByRole('button', { name: /Verify|Sign in/ }).first().click();
}

// The admin's authenticator app, set up by the first test: the staff tests after it sign in with it.
// So the file runs in order (and only one test signs the admin in at a time: a new code voids the last).
test.describe.configure({ mode: 'serial' });
let adminApp: { secret: string; used: Set<string> } | null = null;

const OLD = 'Mornings, done properly';
const NEW = 'Mornings, done beautifully';

test('the admin makes an editor; the editor edits /cafe in place; visitors see it only once published', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const editor = unique('editor');
  const second = unique('second');
  await staffSignIn(page, ADMIN, '/admin/people');
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: /People/ })).toBeVisible();

  // Role changes need aal2: the page says so and links to the profile's setup.
  const form = page.getByRole('form', { name: 'Add a person or set their roles' });
  await form.getByRole('textbox', { name: 'Email' }).fill(editor);
  await form.getByRole('checkbox', { name: 'Editor' }).check();
  await form.getByRole('button', { name: /Save|Add/ }).click();
  await expect(page.getByRole('alert')).toContainText('authenticator app');
  await page.getByRole('link', { name: 'Set up an authenticator app on your profile' }).click();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const code = page.locator('.cr-profile__code');
  await expect(code).toHaveText(/^\s*[A-Z2-7]{16,}\s*$/);
  const secret = (await code.textContent())?.trim() ?? '';
  const used = new Set<string>();
  adminApp = { secret, used };
  await page.getByRole('textbox', { name: /6-digit code from your app/ }).fill(await freshTotp(secret, used));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on')).toBeVisible();

  // Signed in again with the app (aal2), the role change goes through.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await staffSignIn(page, ADMIN, '/admin/people');
  // Wait for the app's step itself: the emailed code's box (also a 'code') is there until it answers.
  await expect(page.getByRole('heading', { level: 1, name: 'Check it’s you' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await freshTotp(secret, used));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await form.getByRole('textbox', { name: 'Email' }).fill(editor);
  await form.getByRole('checkbox', { name: 'Editor' }).check();
  await form.getByRole('button', { name: /Save|Add/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(editor) })).toBeVisible();
  await form.getByRole('textbox', { name: 'Email' }).fill(second);
  await form.getByRole('checkbox', { name: 'Editor' }).check();
  await form.getByRole('button', { name: /Save|Add/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(second) })).toBeVisible();

  // The new editor signs in (their pending grant lets them ask for a code) and edits /cafe in place.
  const editorContext = await browser.newContext();
  const edit = await editorContext.newPage();
  await edit.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
  await staffSignIn(edit, editor, '/cms');
  await expect(edit).toHaveURL(/\/cms$/);
  await edit.goto('/cafe');
  const toolbar = edit.getByRole('complementary', { name: 'Content editing' });
  await toolbar.getByRole('button', { name: 'Edit mode' }).click();
  await expect(toolbar.getByRole('button', { name: 'Edit mode' })).toHaveAttribute('aria-pressed', 'true');

  // BOOK does nothing while editing.
  const book = edit.getByRole('link', { name: 'Book a table', exact: true });
  await expect(book).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled: Playwright's click would wait for it to become enabled; a person's click or Enter does nothing.
  await book.click({ force: true });
  await book.press('Enter');
  await expect(edit).toHaveURL(/\/cafe$/);

  await edit.getByText(OLD, { exact: true }).click();
  const popup = edit.getByRole('dialog', { name: 'Edit text' });
  await expect(popup).toBeVisible();
  const save = popup.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await popup.getByRole('textbox', { name: 'Content' }).fill(NEW);
  await popup.getByRole('combobox', { name: 'Top Margin' }).selectOption({ label: 'Large' });
  await save.click();
  await expect(edit.getByText('Content Saved')).toBeVisible();
  await expect(edit.getByText('Your changes have been saved as draft.')).toBeVisible();
  await expect(edit.getByText(NEW, { exact: true })).toBeVisible();

  // A visitor in another browser still sees the published text.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
  await visitor.goto('/cafe');
  await expect(visitor.getByText(OLD, { exact: true })).toBeVisible();
  await expect(visitor.getByText(NEW, { exact: true })).toHaveCount(0);

  // The editor publishes from the review panel; the visitor's next load shows the new text.
  await toolbar.getByRole('link', { name: 'Review and publish' }).click();
  await expect(edit).toHaveURL(/\/cms\/review/);
  const waiting = edit.getByRole('list', { name: 'Drafts waiting' });
  await expect(waiting).toContainText('Cafe · about · heading');
  await expect(waiting).toContainText('beautifully');
  await expect(waiting).toContainText('Top Margin: Default → becomes Large');
  await edit.getByRole('button', { name: /^Publish all/ }).click();
  await expect(edit.getByText('Published', { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(NEW, { exact: true })).toBeVisible();

  // Two editors on one text: the second one's save lands first, the first one's is refused with both texts shown.
  const secondContext = await browser.newContext();
  const other = await secondContext.newPage();
  await other.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
  await staffSignIn(other, second, '/cms');
  await expect(other).toHaveURL(/\/cms$/);
  await edit.goto('/cafe');
  await other.goto('/cafe');
  for (const p of [edit, other]) {
    const bar = p.getByRole('complementary', { name: 'Content editing' });
    if ((await bar.getByRole('button', { name: 'Edit mode' }).getAttribute('aria-pressed')) !== 'true') await bar.getByRole('button', { name: 'Edit mode' }).click();
    await p.getByText(NEW, { exact: true }).click();
    await expect(p.getByRole('dialog', { name: 'Edit text' })).toBeVisible();
  }
  const theirs = 'Mornings, as the second editor wrote them';
  const mine = 'Mornings, as the first editor wrote them';
  const otherPopup = other.getByRole('dialog', { name: 'Edit text' });
  const myPopup = edit.getByRole('dialog', { name: 'Edit text' });
  // Each sees that the other has the text open (a heartbeat every 15 s).
  await expect(myPopup.getByText(/Also editing/)).toContainText(second, { timeout: 40_000 });
  await otherPopup.getByRole('textbox', { name: 'Content' }).fill(theirs);
  await otherPopup.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText('Content Saved')).toBeVisible();
  await myPopup.getByRole('textbox', { name: 'Content' }).fill(mine);
  await myPopup.getByRole('button', { name: 'Save' }).click();
  await expect(myPopup.getByText(theirs)).toBeVisible();
  await expect(myPopup.getByText(mine)).toBeVisible();
  await myPopup.getByRole('button', { name: 'Keep mine' }).click();
  await expect(edit.getByText('Content Saved')).toBeVisible();
  await expect(edit.getByText(mine, { exact: true })).toBeVisible();

  // The visual editor shows /cafe in edit mode beside its texts: the kept draft is listed, and
  // 'Show on page' opens that text's editor inside the page.
  await edit.goto('/cms/visual/cafe');
  const texts = edit.getByRole('complementary', { name: 'Texts of Cafe' });
  const heading = texts.getByRole('listitem').filter({ has: edit.getByRole('heading', { level: 3 }) }).filter({ hasText: 'Draft' }).first();
  await expect(heading).toBeVisible();
  await texts.getByRole('button', { name: 'Show on page: Cafe · about · heading' }).click();
  const framed = edit.frameLocator('iframe[title="Cafe: the page, in edit mode"]');
  const framedPopup = framed.getByRole('dialog', { name: 'Edit text' });
  await expect(framedPopup).toBeVisible();
  await expect(framedPopup.getByRole('textbox', { name: 'Content' })).toHaveValue(mine);
  await framedPopup.getByRole('button', { name: 'Cancel' }).click();
  await expect(framedPopup).toHaveCount(0);

  // An FAQ question added at /cms/faq/home appears on / once published.
  const question = `Is there step-free access? ${Date.now()}`;
  await edit.goto('/cms/faq/home');
  const add = edit.getByRole('form', { name: /Add a question to/ });
  await add.getByRole('textbox', { name: 'Question' }).fill(question);
  await add.getByRole('textbox', { name: 'Answer' }).fill('Yes: level entrances on both streets and a lift to the hall.');
  await add.getByRole('button', { name: 'Add question' }).click();
  await edit.getByRole('button', { name: `Publish: ${question}` }).click();
  await expect(edit.getByRole('button', { name: `Unpublish: ${question}` })).toBeVisible();
  const fresh = await (await browser.newContext()).newPage();
  await fresh.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
  await fresh.goto('/');
  await expect(fresh.getByRole('button', { name: question })).toBeVisible();

  // An image uploaded into the home hero carousel at /cms/images/home shows on / once published.
  const alt = `Long tables set for a supper club ${Date.now()}`;
  await edit.goto('/cms/images/home');
  const upload = edit.getByRole('form', { name: 'Add an image to the hero carousel' });
  await upload.getByLabel(/Image file/).setInputFiles({ name: 'supper-club.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await upload.getByRole('textbox', { name: /Alt text/ }).fill(alt);
  await upload.getByRole('button', { name: 'Upload image' }).click();
  await edit.getByRole('button', { name: `Publish: ${alt}` }).click();
  await expect(edit.getByRole('button', { name: `Unpublish: ${alt}` })).toBeVisible();
  const viewer = await (await browser.newContext()).newPage();
  await viewer.addInitScript(() => window.sessionStorage.setItem('croft:intro-played', '1'));
  await viewer.goto('/');
  // The new image is the carousel's last slide (images load as the carousel nears them).
  const last = viewer.getByRole('button', { name: /^Show slide \d+ of \d+$/ }).last();
  await expect(last).toHaveAccessibleName(/Show slide 5 of 5/);
  await last.click();
  const slide = viewer.locator(`img[alt="${alt}"]`);
  await expect(slide).toBeVisible();
  await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/content\/media\/[0-9a-f]{24}-\d+\.(avif|webp)/);
  // Its renditions come from the content service, as AVIF and WebP at the site's widths.
  const source = viewer.locator('picture', { has: slide }).locator('source[type="image/webp"]');
  const srcset = (await source.getAttribute('srcset')) ?? '';
  expect(srcset).toMatch(/\/api\/content\/media\/[0-9a-f]{24}-480\.webp 480w/);
  const first = srcset.split(' ')[0];
  const file = await viewer.request.get(first);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');
});

/** A photo-like JPEG made for the test (a warm table, a plate), 1600 × 1067. */
async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <rect width="100%" height="100%" fill="#6b3b22"/><circle cx="800" cy="530" r="330" fill="#efe6d6"/>
    <circle cx="800" cy="530" r="210" fill="#c2562f"/><rect x="120" y="80" width="420" height="160" fill="#2f5d50"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Issue 14 on the built site: a member's browser is subscribed (through the service, as
 * /notifications does after the browser's PushManager answers, here with a push endpoint of the
 * test's own); the admin composes a nudge to that member at /admin/nudges, the nudge team's panel
 * loaded through federation; the push request reaches the endpoint encrypted and VAPID-signed, and
 * the delivery log counts it.
 */
test('staff compose a nudge at /admin/nudges; the push goes out encrypted and the delivery log counts it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  expect(adminApp, 'the first test set the admin\'s authenticator app up').not.toBeNull();
  const pushes: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
  const endpoint = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  try {
    // The member's own browser (not the admin's: signing in there auto-links its subscription to
    // whoever signed in last, as spec 000 §7 asks).
    const phone = await browser.newContext();
    const member = uniqueEmail('nudged');
    await subscribe(page, member);
    const headers = await apiSignIn(phone.request, member);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pushId = randomBytes(8).toString('hex');
    const subscribed = await phone.request.post('/api/nudge/subscriptions', {
      headers,
      data: {
        subscription: {
          endpoint: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push/${pushId}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        },
        browser: 'E2E Chromium',
      },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    await phone.close();

    await staffSignIn(page, ADMIN, '/admin/nudges');
    await expect(page.getByRole('heading', { level: 1, name: 'Check it’s you' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await freshTotp(adminApp!.secret, adminApp!.used));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/nudges$/);

    const form = page.getByRole('form', { name: 'New nudge' });
    await form.getByRole('textbox', { name: /Title/ }).fill('Cinema tickets are out');
    await form.getByRole('textbox', { name: /Message/ }).fill('Fifty seats for the last Thursday. Draw the 7 on the Hall page.');
    await form.getByRole('textbox', { name: /Link/ }).fill('/hall');
    await form.getByRole('combobox', { name: /Who gets it/ }).selectOption('email');
    await form.getByRole('textbox', { name: /Email/ }).fill(member);
    await form.getByRole('button', { name: 'Send nudge now' }).click();

    await expect.poll(() => pushes.length, { timeout: 30_000 }).toBe(1);
    expect(pushes[0].path).toBe(`/push/${pushId}`);
    expect(pushes[0].headers['content-encoding']).toBe('aes128gcm');
    expect(pushes[0].headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(pushes[0].bytes).toBeGreaterThan(0);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cinema tickets are out' }) });
    await expect(item).toContainText('1 targeted · 1 sent · 0 failed', { timeout: 30_000 });
    await item.getByRole('button', { name: 'Delivery log of Cinema tickets are out' }).click();
    const log = item.getByRole('region', { name: 'Delivery log of Cinema tickets are out' });
    await expect(log.getByRole('row').filter({ hasText: 'E2E Chromium' })).toContainText('sent');
  } finally {
    endpoint.close();
  }
});

/** A phone's ordinary browser: a bot's user agent (HeadlessChrome and the like) is dropped by the service. */
const VISITOR_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * A visitor's browser, not a test's: the tracker does not run where navigator.webdriver is true
 * (automation), which keeps every other e2e test out of the figures. This context says false.
 */
async function asVisitor(visitor: Page) {
  await visitor.addInitScript(() => {
    window.sessionStorage.setItem('croft:intro-played', '1');
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
  });
}

/** Waits for the tracker's batch that carries an event of `type` (page views, presses) and returns it. */
async function analyticsBatchWith(visitor: Page, type: string, match: (event: Record<string, unknown>) => boolean) {
  const request = await visitor.waitForRequest(
    (req) => req.url().endsWith('/api/analytics/events') && ((JSON.parse(req.postData() ?? '{}') as { events?: Record<string, unknown>[] }).events ?? []).some((e) => e.type === type && match(e)),
    { timeout: 30_000 },
  );
  expect((await request.response())?.status()).toBe(202);
}

/**
 * Issue 15 on the built site: a visitor browses three pages and presses a button; the tracker
 * (loaded after idle) sends it in batches; the admin opens /admin and the analytics team's
 * dashboard (loaded through federation) shows those views, the journey and the press.
 */
test('a visitor browses three pages and presses a button; staff see the views, the journey and the press on /admin', async ({ page, browser }) => {
  test.setTimeout(180_000);
  expect(adminApp, 'the first test set the admin\'s authenticator app up').not.toBeNull();
  const context = await browser.newContext({ userAgent: VISITOR_UA, viewport: { width: 412, height: 915 } });
  try {
    const visitor = await context.newPage();
    await asVisitor(visitor);
    const firstView = analyticsBatchWith(visitor, 'page_view', (e) => e.page_path === '/cafe');
    await visitor.goto('/cafe');
    await firstView;

    // Through the site's menu (a 'nav' journey), then to the Hall.
    for (const [name, path] of [
      ['BEER', '/beer'],
      ['HALL', '/hall'],
    ] as const) {
      const viewed = analyticsBatchWith(visitor, 'page_view', (e) => e.page_path === path);
      await visitor.getByRole('button', { name: 'Menu', exact: true }).click();
      await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expect(visitor).toHaveURL(path);
      await viewed;
    }
    const pressed = analyticsBatchWith(visitor, 'interaction', (e) => e.page_path === '/hall');
    await visitor.getByRole('button', { name: 'Open menu' }).click();
    await pressed;

    await staffSignIn(page, ADMIN, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Check it’s you' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await freshTotp(adminApp!.secret, adminApp!.used));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);

    const pages = page.getByRole('table', { name: 'Top pages' });
    for (const path of ['/cafe', '/beer', '/hall']) await expect(pages.getByRole('row').filter({ hasText: path }).first()).toBeVisible({ timeout: 30_000 });
    const journeys = page.getByRole('table', { name: 'Journeys' });
    await expect(journeys.getByRole('row').filter({ hasText: '/cafe' }).filter({ hasText: '/beer' }).first()).toBeVisible();
    await expect(journeys.getByRole('row').filter({ hasText: '/beer' }).filter({ hasText: '/hall' }).first()).toBeVisible();
    const presses = page.getByRole('table', { name: 'Most pressed buttons, per page' });
    await expect(presses.getByRole('row').filter({ hasText: '/hall' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a visitor whose browser sends Global Privacy Control is not recorded at all', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ userAgent: VISITOR_UA, extraHTTPHeaders: { 'Sec-GPC': '1' } });
  try {
    const visitor = await context.newPage();
    await asVisitor(visitor);
    await visitor.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
    const sent: string[] = [];
    visitor.on('request', (req) => {
      if (req.url().includes('/api/analytics/')) sent.push(req.url());
    });
    await visitor.goto('/cafe');
    await visitor.getByRole('button', { name: 'Open menu' }).click();
    // Past idle and a whole send interval (5 s) with room to spare: a tracker would have sent by now.
    await visitor.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 8_000))));
    await visitor.goto('/beer');
    expect(sent).toEqual([]);
    expect(await visitor.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.includes('analytics')))).toEqual([]);
  } finally {
    await context.close();
  }
});
