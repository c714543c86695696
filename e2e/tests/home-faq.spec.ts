import { expect, test } from '../support/test';

interface FaqItem { id: string; question: string; answer: string; sort_order: number }

test('the home page shows the FAQ from the store, in order, and an answer opens', async ({ page, request }) => {
  const api = await request.get('/api/content/faq?page=home');
  expect(api.ok()).toBe(true);
  const { items } = (await api.json()) as { items: FaqItem[] };
  expect(items.length).toBeGreaterThan(3);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Croft Common' })).toBeVisible();
  const faq = page.getByRole('region', { name: 'Questions, answered' });
  await expect(faq).toBeVisible();
  for (const item of items) await expect(faq.getByText(item.question, { exact: true })).toBeVisible();

  const first = items[0];
  await faq.getByText(first.question, { exact: true }).click();
  await expect(faq.getByText(first.answer)).toBeVisible();
});

test('an operator object in the FAQ query is a 400 envelope and changes nothing', async ({ request }) => {
  const before = await (await request.get('/api/content/faq?page=home')).json();
  const hostile = await request.get('/api/content/faq?page[$ne]=x');
  expect(hostile.status()).toBe(400);
  const body = await hostile.json();
  expect(body).toEqual({ error: { code: 'invalid_request', message: expect.any(String) } });
  const after = await (await request.get('/api/content/faq?page=home')).json();
  expect(after).toEqual(before);
});

test('a visitor on / downloads the site remote only', async ({ page }) => {
  const remoteEntries: string[] = [];
  page.on('request', (req) => {
    const m = /\/remotes\/([^/]+)\//.exec(new URL(req.url()).pathname);
    if (m) remoteEntries.push(m[1]);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Questions, answered' })).toBeVisible();
  expect(new Set(remoteEntries)).toEqual(new Set(['site']));
});
