import { expect, test } from '../support/test';
import { subscribe, uniqueEmail } from '../support/membership';
import { signInWithCode } from '../support/sign-in';
import { cup, memberHeaders, uploadPhoto as upload } from '../support/loyalty';

/**
 * Issue 12's server on the built site (the grid UI comes next): members signed in with a real
 * emailed code fill a card through the gateway's /api/loyalty, photos come back through signed
 * /blobs URLs, and nothing of one member's is reachable by another.
 */

test('a member completes a regular card through the gateway and gets the next one; photos stay theirs', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('loyal');
  await subscribe(page, email);
  await signInWithCode(page, email);
  const headers = await memberHeaders(page.request);

  const start = await page.request.post('/api/loyalty/cards', { headers });
  expect(start.status(), await start.text()).toBe(200);
  const card = (await start.json()).card;
  expect(card).toMatchObject({ card_type: 'regular', punches_required: 6, rewards_required: 1, punches_count: 0 });

  const early = await upload(page.request, headers, card.id, 7, 'reward', await cup(1));
  expect(early.status()).toBe(409);
  expect((await early.json()).error.message).toBe('Not unlocked yet');

  for (let box = 1; box <= 6; box++) {
    const res = await upload(page.request, headers, card.id, box, 'punch', await cup(box + 10));
    expect(res.status(), await res.text()).toBe(201);
  }
  const same = await upload(page.request, headers, card.id, 7, 'reward', await cup(11));
  expect((await same.json()).error.code).toBe('duplicate_photo');
  const reward = await upload(page.request, headers, card.id, 7, 'reward', await cup(30));
  expect(reward.status(), await reward.text()).toBe(201);
  const done = await reward.json();
  expect(done).toMatchObject({ completed: true, card: { is_complete: true, punches_count: 6, rewards_count: 1 }, next_card: { card_type: 'regular' } });

  const view = await (await page.request.get('/api/loyalty/card', { headers })).json();
  expect(view.card.id).toBe(done.next_card.id);
  expect(view.past).toEqual([expect.objectContaining({ id: card.id, entries: 7 })]);

  // The photo comes back only through its signed URL: private, cached up to an hour; altered, refused.
  const photo = await page.request.get(done.entry.thumbUrl);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/webp');
  expect(photo.headers()['cache-control']).toMatch(/^private, max-age=(3600|35\d\d)$/);
  expect((await page.request.get(done.entry.thumbUrl.replace('-thumb.webp', '.webp'))).status()).toBe(403);

  // Another member can neither see nor delete this member's photos.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherEmail = uniqueEmail('other');
  await subscribe(otherPage, otherEmail);
  await signInWithCode(otherPage, otherEmail);
  const otherHeaders = await memberHeaders(otherPage.request);
  expect((await (await otherPage.request.get('/api/loyalty/card', { headers: otherHeaders })).json()).card).toBeNull();
  const theft = await otherPage.request.delete(`/api/loyalty/entries/${done.entry.id}`, { headers: otherHeaders });
  expect(theft.status()).toBe(404);
  expect((await theft.json()).error.message).toBe('Entry not found');
});
