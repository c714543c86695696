import { expect, test, type Page } from '../support/test';

/**
 * The nudge in Chromium (spec 000 §2–§5, §7): the CLICK ME button from a message on the
 * `nudge-notification` channel, its clearing rules, a pending delivery picked up from the
 * `nudge-storage` database on focus, and the service worker at the site's root scope.
 * The nudge runtime loads after the page is idle, so every step waits for what it needs.
 */

const nudgeButton = (page: Page) => page.getByRole('button', { name: 'Nudge', exact: true });

/** Announces a nudge the way the service worker does, until the page shows it (the runtime loads after idle). */
async function announce(page: Page, url: string) {
  await expect(async () => {
    await page.evaluate((nudgeUrl) => {
      const channel = new BroadcastChannel('nudge-notification');
      channel.postMessage({ type: 'SHOW_NUDGE', url: nudgeUrl, timestamp: Date.now() });
      channel.close();
    }, url);
    await expect(nudgeButton(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('SHOW_NUDGE on the channel shows CLICK ME; clicking an internal url goes there and clears it', async ({ page }) => {
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();
  await expect(nudgeButton(page)).toHaveCount(0);

  // Messages without a url, or of another type, show nothing (the same channel, the same page).
  await page.evaluate(() => {
    const channel = new BroadcastChannel('nudge-notification');
    channel.postMessage({ type: 'SHOW_NUDGE' });
    channel.postMessage({ type: 'TEST', url: '/hall' });
    channel.close();
  });

  await announce(page, '/hall');
  await expect(nudgeButton(page)).toHaveText('CLICK ME');
  // Its layout box (the bounding box would include the pulse's scale while it plays).
  for (const [property, value] of [['width', '56px'], ['height', '56px'], ['bottom', '208px'], ['right', '32px'], ['position', 'fixed']]) {
    await expect(nudgeButton(page)).toHaveCSS(property, value);
  }

  await nudgeButton(page).click();
  await expect(page).toHaveURL('/hall');
  await expect(page.getByRole('heading', { level: 1, name: 'The Hall' })).toBeVisible();
  await expect(nudgeButton(page)).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('croft:nudge-url'))).toBeNull();
});

test('a url starting with http opens in a new tab; the page stays where it is and the nudge is cleared', async ({ page, context }) => {
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();
  // An absolute address on this very site, so the new tab has something to load here.
  const external = new URL('/hall', page.url()).href;
  await announce(page, external);
  const [tab] = await Promise.all([context.waitForEvent('page'), nudgeButton(page).click()]);
  await expect(tab).toHaveURL(external);
  await expect(tab.getByRole('heading', { level: 1, name: 'The Hall' })).toBeVisible();
  // noopener: the new tab has no handle on the site's tab.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await expect(page).toHaveURL('/cafe');
  await expect(nudgeButton(page)).toHaveCount(0);
});

test('the nudge is reachable by keyboard, and going to another path clears it', async ({ page }) => {
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();
  await announce(page, '/hall');
  await nudgeButton(page).focus();
  await expect(nudgeButton(page)).toBeFocused();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BEER', exact: true }).click();
  await expect(page).toHaveURL('/beer');
  await expect(page.getByRole('heading', { level: 1, name: 'The Beer Hall' })).toBeVisible();
  await expect(nudgeButton(page)).toHaveCount(0);
});

/**
 * Registers /sw.js as /notifications would, reloads /cafe, and waits until the nudge runtime
 * listens (it sends TEST on the channel 500 ms after it sets up; a script from the page's start
 * notes it).
 */
async function withWorkerAndRuntime(page: Page) {
  await page.addInitScript(() => {
    const channel = new BroadcastChannel('nudge-notification');
    channel.onmessage = (event) => {
      if (event.data?.type === 'TEST') (window as unknown as { nudgeRuntimeUp: boolean }).nudgeRuntimeUp = true;
    };
  });
  await page.goto('/cafe');
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();

  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return (await navigator.serviceWorker.ready).scope;
  });
  expect(scope).toBe(new URL('/', page.url()).href);

  // With a worker registered, the runtime loads after idle on every page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'The Cafe' })).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { nudgeRuntimeUp?: boolean }).nudgeRuntimeUp === true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(new URL('/sw.js', page.url()).href);
  await expect(nudgeButton(page)).toHaveCount(0);
}

/** One entry of nudge-storage v2's store (null when absent). */
function readStored(page: Page, key: 'current' | 'delivery_pending') {
  return page.evaluate(
    (entry) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('nudge-storage', 2);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('nudge').objectStore('nudge').get(entry);
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result ?? null);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    key,
  );
}

/** What the worker writes under `delivery_pending` when a push arrives and no page is focused. */
function writePending(page: Page, url: string) {
  return page.evaluate(
    (nudgeUrl) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('nudge-storage', 2);
        open.onupgradeneeded = () => {
          if (!open.result.objectStoreNames.contains('nudge')) open.result.createObjectStore('nudge');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('nudge', 'readwrite');
          tx.objectStore('nudge').put({ url: nudgeUrl, timestamp: Date.now() }, 'delivery_pending');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    url,
  );
}

test('a push to the service worker shows its nudge in the open page and stores it as current', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await withWorkerAndRuntime(page);
  const origin = new URL(page.url()).origin;

  // DevTools' push: the worker's real push handler with this payload (no push service involved).
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Secret Cinema', body: 'Tickets are out', url: '/beer', nudge_id: 'e2e-push' }),
  });

  await expect(nudgeButton(page)).toBeVisible();
  await expect.poll(() => readStored(page, 'current')).toMatchObject({ url: '/beer', nudge_id: 'e2e-push' });
  await nudgeButton(page).click();
  await expect(page).toHaveURL('/beer');
  await expect(nudgeButton(page)).toHaveCount(0);
});

test('the service worker registers at the root scope; a delivery_pending nudge is shown on focus, and when the page becomes visible, and deleted', async ({ page }) => {
  await withWorkerAndRuntime(page);

  // What the worker writes when a push arrives and no page is focused.
  await writePending(page, '/kitchens');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(nudgeButton(page)).toBeVisible();

  expect(await readStored(page, 'delivery_pending')).toBeNull();
  await nudgeButton(page).click();
  await expect(page).toHaveURL('/kitchens');
  await expect(nudgeButton(page)).toHaveCount(0);

  // The page becoming visible re-reads the database too (500 ms later).
  await writePending(page, '/community');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(nudgeButton(page)).toBeVisible();
  expect(await readStored(page, 'delivery_pending')).toBeNull();
  await nudgeButton(page).click();
  await expect(page).toHaveURL('/community');
});
