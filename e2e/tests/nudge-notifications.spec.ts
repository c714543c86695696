import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '../support/test';
import { latestEmailTo } from '../support/maildev';
import { E2E_ORIGIN, subscribe, uniqueEmail } from '../support/membership';
import { signInWithCode } from '../support/sign-in';

/**
 * Issue 14's /notifications on the built site, with the real /sw.js and the real nudge service.
 * Headless Chromium here has no push service to hand out a subscription, so the one browser call
 * that would reach Google's servers, PushManager.subscribe, answers with a subscription made in the
 * test (a loopback endpoint and fresh P-256 keys, the shapes a browser gives); everything else —
 * the permission, the worker's registration at '/', the service, the emailed link — is real.
 */
async function fakePushService(page: Page) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const made = {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await page.context().grantPermissions(['notifications'], { origin: E2E_ORIGIN });
  await page.addInitScript((sub) => {
    // Kept across page loads, as a browser keeps its subscription.
    const KEY = 'e2e:push-subscribed';
    const make = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      if (!options?.userVisibleOnly || !options.applicationServerKey) throw new DOMException('userVisibleOnly and a key are required', 'NotAllowedError');
      localStorage.setItem(KEY, '1');
      return make();
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? make() : null);
  }, made);
  return made;
}

test('signed out: nudges go on after the press, and the emailed link ties them to the member', async ({ page }) => {
  test.setTimeout(120_000);
  await fakePushService(page);
  const email = uniqueEmail('nudge-fan');
  await subscribe(page, email);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 2, name: 'Nudges are off' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on nudges' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Nudges are on' })).toBeVisible();
  await expect(page.getByText('They are not linked to anyone yet.')).toBeVisible();
  // The real worker took the root scope.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope)).toBe(`${E2E_ORIGIN}/`);

  const form = page.getByRole('form', { name: 'Link nudges to your email' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now();
  await form.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByText("You're in! Check your email to complete authentication and link your notifications.")).toBeVisible();

  const mail = await latestEmailTo(email, /Link your Croft Common notifications/, since);
  const link = /https?:\/\/\S+\/api\/nudge\/subscriptions\/email-link\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/notifications\?linked=1$/);
  await expect(page.getByText('Done: this browser’s nudges are now linked to your email.')).toBeVisible();
  await expect(page.getByText('They are linked to your email.')).toBeVisible();
  // The link works once.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/notifications\?link=invalid$/);
});

test('signed in: nudges go on linked to the account, and off again in the browser and the service', async ({ page }) => {
  test.setTimeout(120_000);
  await fakePushService(page);
  const email = uniqueEmail('nudge-member');
  await subscribe(page, email);
  await signInWithCode(page, email);
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Turn on nudges' }).click();
  await expect(page.getByText('They are linked to your account.')).toBeVisible();
  const mine = await page.request.get('/api/nudge/subscriptions/mine');
  expect((await mine.json()).subscription).toMatchObject({ linked: true, linked_via: 'account' });

  await page.getByRole('button', { name: 'Turn off nudges' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Nudges are off' })).toBeVisible();
  expect((await (await page.request.get('/api/nudge/subscriptions/mine')).json()).subscription).toBeNull();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null)).toBeNull();
});
