import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  auditListResponseSchema,
  editorActivityResponseSchema,
  editorPageTextResponseSchema,
  editorTextEntrySchema,
  globalTextResponseSchema,
  pageTextResponseSchema,
  pendingDraftsResponseSchema,
  presenceResponseSchema,
  publishResponseSchema,
  saveDraftResponseSchema,
  scheduledPublishListResponseSchema,
  scheduledPublishSchema,
  textHistoryResponseSchema,
  PAGE_TEXT_DEFAULTS,
  PRESENCE_TTL_MS,
  PUBLISH_BATCH_MAX,
  SCHEDULE_MAX_DAYS_AHEAD,
  type CmsTextData,
  type EditorTextEntry,
  type IdentityRole,
  type TextKey,
} from '@croft/contracts';
import { connectMongo } from '@croft/service-kit';
import { SCHEDULED_PUBLISH_JOB } from '../content-service';
import { HARNESS_ORIGIN as ORIGIN, expectError, staffPeople, setupContentHarness, type Caller } from '../testing/content-harness';

const DAY = 24 * 60 * 60_000;
const h = setupContentHarness({ dbName: 'content_editor', now: '2030-05-01T09:00:00Z' });
const { clock } = h;

const { ann, bob, ada } = staffPeople;
type Who = Caller;
const call = h.call;

const key = (page: TextKey['page'], section: string, content_key: string): TextKey => ({ page, section, content_key });
const qs = (k: TextKey) => `page=${k.page}&section=${k.section}&content_key=${k.content_key}`;

async function entry(k: TextKey, who: Who = ann): Promise<EditorTextEntry> {
  const response = await call('get', `/editor/text?${qs(k)}`, who);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return editorTextEntrySchema.parse(response.body);
}

async function save(k: TextKey, data: CmsTextData, base: number, who: Who = ann) {
  return call('post', '/editor/text', who, { ...k, content_data: data, base_revision: base });
}

async function saveOk(k: TextKey, text: string, who: Who = ann) {
  const head = (await entry(k)).head_revision;
  const response = await save(k, { text }, head, who);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return saveDraftResponseSchema.parse(response.body).version;
}

/** What a visitor is served for one page text (through the read cache, as visitors are). */
async function visitorText(k: TextKey): Promise<string | undefined> {
  const response = await request(h.app).get(`/api/content/pages/${k.page}/text`);
  expect(response.status).toBe(200);
  return pageTextResponseSchema.parse(response.body).items.find((i) => i.section === k.section && i.content_key === k.content_key)?.content_data.text;
}

async function auditActions(target: string): Promise<string[]> {
  const response = await call('get', '/audit?limit=100', ada);
  expect(response.status).toBe(200);
  return auditListResponseSchema.parse(response.body).items.filter((e) => e.target === target).map((e) => e.action);
}

const counts = async () => ({
  page: await h.content.models.cmsContent.countDocuments(),
  global: await h.content.models.cmsGlobalContent.countDocuments(),
  schedules: await h.content.models.publishSchedule.countDocuments(),
  audit: await h.mongo.connection.collection('audit_events').countDocuments(),
});

describe('who may edit', () => {
  it('needs a token (401), the editor or admin role (403 otherwise); the audit list needs admin', async () => {
    const k = key('cafe', 'hero', 'title');
    expectError(await call('get', '/editor/pages/cafe/text', null), 401, 'not_authenticated');
    expectError(await save(k, { text: 'x' }, 1, null), 401, 'not_authenticated');
    const member = { sub: 'user-member', email: 'm@example.com', roles: [] as IdentityRole[] };
    const staff = { sub: 'user-staff', email: 's@example.com', roles: ['staff'] as IdentityRole[] };
    expectError(await call('get', '/editor/pages/cafe/text', member), 403, 'forbidden');
    expectError(await save(k, { text: 'x' }, 1, staff), 403, 'forbidden');
    expectError(await call('post', '/editor/publish', member, { items: [{ ...k, revision: 1 }] }), 403, 'forbidden');
    expect((await call('get', '/editor/pages/cafe/text', ann)).status).toBe(200);
    expect((await call('get', '/editor/pages/cafe/text', ada)).status).toBe(200);
    expectError(await call('get', '/audit', ann), 403, 'forbidden');
    expectError(await call('get', '/audit', null), 401, 'not_authenticated');
    const audit = await call('get', '/audit', ada);
    expect(audit.status).toBe(200);
    expect(audit.headers['cache-control']).toBe('private, no-store');
    // An editor with an authenticator app must have passed it (aal2).
    expectError(await call('get', '/editor/drafts', { ...ann, mfa: true } as Who), 403, 'aal2_required');
    expect((await entry(k)).head_revision).toBe(1);
  });

  it('answers 503 not_configured without a token verifier', async () => {
    const { app: bareApp } = h.another({ verifyAccessToken: undefined });
    const response = await request(bareApp).get('/api/content/editor/drafts');
    expectError(response, 503, 'not_configured');
  });

  it('limits writes per editor (429 rate_limited), reads are not counted', async () => {
    const { app: limitedApp } = h.another({ editorWritesPerMinute: 2 });
    const k = key('kitchens', 'hero', 'title');
    const token = await h.tokens.token({ ...ann, sub: 'user-limited' });
    const post = (body: object) => request(limitedApp).post('/api/content/editor/text').set('Origin', ORIGIN).set('Authorization', `Bearer ${token}`).send(body);
    await request(limitedApp).get('/api/content/editor/drafts').set('Authorization', `Bearer ${token}`);
    let head = (await entry(k)).head_revision;
    expect((await post({ ...k, content_data: { text: 'one' }, base_revision: head })).status).toBe(201);
    head += 1;
    expect((await post({ ...k, content_data: { text: 'two' }, base_revision: head })).status).toBe(201);
    head += 1;
    expectError(await post({ ...k, content_data: { text: 'three' }, base_revision: head }), 429, 'rate_limited');
    expect((await entry(k)).head_revision).toBe(head);
  });
});

describe('drafts', () => {
  it('saves a draft as the next revision, lists it first, and never serves it to visitors', async () => {
    const k = key('cafe', 'hero', 'title');
    const seeded = PAGE_TEXT_DEFAULTS.cafe.hero.title;
    expect(await visitorText(k)).toBe(seeded);
    const before = await entry(k);
    expect(before).toMatchObject({ head_revision: 1, draft: null, live: { revision: 1, published: true, created_by: null, content_data: { text: seeded } } });

    const response = await save(k, { text: 'Café draft', positioning: { alignment: 'center', marginTop: '4' } }, 1);
    expect(response.status).toBe(201);
    const { version } = saveDraftResponseSchema.parse(response.body);
    expect(version).toMatchObject({
      ...k,
      revision: 2,
      published: false,
      content_data: { text: 'Café draft', positioning: { alignment: 'center', marginTop: '4' } },
      created_by: { id: ann.sub, email: ann.email },
      updated_at: clock.now().toISOString(),
    });
    expect(version.published_at).toBeUndefined();

    // Visitors: still the published text, even with no cache in the way.
    h.content.invalidateCache();
    expect(await visitorText(k)).toBe(seeded);
    const raw = await request(h.app).get('/api/content/pages/cafe/text');
    expect(JSON.stringify(raw.body)).not.toContain('Café draft');

    const after = await entry(k);
    expect(after).toMatchObject({ head_revision: 2, draft: { revision: 2 }, live: { revision: 1 } });
    const page = editorPageTextResponseSchema.parse((await call('get', '/editor/pages/cafe/text', ann)).body).items;
    expect(page[0]).toMatchObject({ ...k, draft: { revision: 2 } });
    expect(page.filter((e) => e.draft)).toHaveLength(1);
    expect(page.length).toBe(Object.values(PAGE_TEXT_DEFAULTS.cafe).reduce((n, keys) => n + Object.keys(keys).length, 0));

    const drafts = pendingDraftsResponseSchema.parse((await call('get', '/editor/drafts', bob)).body).items;
    expect(drafts.find((d) => d.content_key === 'title' && d.page === 'cafe')).toMatchObject({ draft: { revision: 2 }, live: { revision: 1 } });
    expect(await auditActions('cafe/hero/title')).toContain('text.draft_saved');
  });

  it('refuses a save over a stale base with 409 edit_conflict and writes nothing', async () => {
    const k = key('beer', 'hero', 'title');
    await saveOk(k, 'Ann was first');
    const before = await counts();
    const stale = await save(k, { text: 'Bob over revision 1' }, 1, bob);
    expectError(stale, 409, 'edit_conflict');
    expectError(await save(k, { text: 'From the future' }, 7, bob), 409, 'edit_conflict');
    expect(await counts()).toEqual(before);
    expect((await entry(k)).draft?.content_data.text).toBe('Ann was first');
  });

  it('lets exactly one of two concurrent saves over the same base win', async () => {
    const k = key('cocktails', 'hero', 'title');
    const base = (await entry(k)).head_revision;
    const before = await h.content.models.cmsContent.countDocuments({ page: 'cocktails', section: 'hero', content_key: 'title' });
    const results = await Promise.all([
      save(k, { text: 'Ann' }, base, ann),
      save(k, { text: 'Bob' }, base, bob),
      save(k, { text: 'Ann again' }, base, ann),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await h.content.models.cmsContent.countDocuments({ page: 'cocktails', section: 'hero', content_key: 'title' })).toBe(before + 1);
    const winner = results.find((r) => r.status === 201)!;
    expect((await entry(k)).draft?.content_data.text).toBe(saveDraftResponseSchema.parse(winner.body).version.content_data.text);
  });

  it('refuses unknown fields, operator objects and bad values with 400 and changes nothing', async () => {
    const k = key('home', 'hero', 'title');
    const base = (await entry(k)).head_revision;
    const before = await counts();
    const bodies: unknown[] = [
      { ...k, content_data: { text: 'x' }, base_revision: base, published: true },
      { ...k, content_data: { text: 'x', colour: 'red' }, base_revision: base },
      { ...k, content_data: { text: 'x', positioning: { alignment: 'justify' } }, base_revision: base },
      { ...k, content_data: { text: 'x' }, base_revision: { $gt: 0 } },
      { ...k, section: { $ne: 'x' }, content_data: { text: 'x' }, base_revision: base },
      { ...k, page: 'admin', content_data: { text: 'x' }, base_revision: base },
      { ...k, content_data: { text: 'x'.repeat(5001) }, base_revision: base },
      { ...k, content_data: { text: 'x' }, base_revision: -1 },
      { ...k, content_data: { text: 'x' }, base_revision: 1.5 },
      { ...k, content_data: { text: 'x' } },
    ];
    for (const body of bodies) expectError(await call('post', '/editor/text', ann, body), 400, 'invalid_request');
    expectError(await call('post', '/editor/publish', ann, { items: [{ ...k, revision: { $gte: 1 } }] }), 400, 'invalid_request');
    expectError(await call('post', '/editor/publish', ann, { items: [] }), 400, 'invalid_request');
    expectError(await call('post', '/editor/publish', ann, { items: [{ ...k, revision: 1 }], force: true }), 400, 'invalid_request');
    expectError(await call('post', '/editor/discard', ann, { ...k, revision: 1, all: true }), 400, 'invalid_request');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: 1, publish_at: 'tomorrow' }), 400, 'invalid_request');
    expectError(await call('get', `/editor/text?${qs(k)}&published=false`, ann), 400, 'invalid_request');
    expectError(await call('get', `/editor/history?page=home&section[$ne]=x&content_key=title`, ann), 400, 'invalid_request');
    expectError(await call('delete', '/editor/schedules/not-an-id', ann), 400, 'invalid_request');
    expectError(await call('get', '/audit?before=yesterday', ada), 400, 'invalid_request');
    expect(await counts()).toEqual(before);
  });
});

describe('global text', () => {
  it("writes page 'global' to cms_global_content with content_value, and publishes it to /global", async () => {
    const k = key('global', 'global', 'tagline');
    const before = await entry(k);
    expect(before.live?.revision).toBe(1);
    const version = await saveOk(k, 'A new tagline');
    expect(version).toMatchObject({ page: 'global', section: 'global', content_key: 'tagline', revision: 2, published: false });
    const row = await h.content.models.cmsGlobalContent.findOne({ content_key: 'tagline', revision: 2 }).lean();
    expect(row).toMatchObject({ content_value: 'A new tagline', content_data: { text: 'A new tagline' }, published: false, created_by: ann.sub });
    expect(await h.content.models.cmsContent.countDocuments({ content_key: 'tagline', section: 'global' })).toBe(0);

    const global = async () => globalTextResponseSchema.parse((await request(h.app).get('/api/content/global')).body).items.find((i) => i.content_key === 'tagline');
    const served = (await global())?.content_value;
    expect(served).not.toBe('A new tagline');
    const published = await call('post', '/editor/publish', ann, { items: [{ ...k, revision: 2 }] });
    expect(publishResponseSchema.parse(published.body)).toMatchObject({ published: [{ revision: 2, published: true }], conflicts: [] });
    expect((await global())?.content_value).toBe('A new tagline');

    const editorGlobal = editorPageTextResponseSchema.parse((await call('get', '/editor/pages/global/text', ann)).body).items;
    expect(editorGlobal.every((e) => e.page === 'global' && e.section === 'global')).toBe(true);
    // A global text has section 'global' only.
    const before2 = await counts();
    expectError(await save(key('global', 'hero', 'tagline'), { text: 'x' }, 2), 400, 'invalid_request');
    expectError(await call('get', `/editor/text?page=global&section=hero&content_key=tagline`, ann), 400, 'invalid_request');
    expect(await counts()).toEqual(before2);
  });
});

describe('publishing', () => {
  it('puts a draft live for visitors at once (read cache and ETag renewed), once', async () => {
    const k = key('hall', 'hero', 'title');
    const first = await request(h.app).get('/api/content/pages/hall/text');
    const draft = await saveOk(k, 'The Hall, republished');
    const response = await call('post', '/editor/publish', ann, { items: [{ ...k, revision: draft.revision }] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = publishResponseSchema.parse(response.body);
    expect(result.conflicts).toEqual([]);
    expect(result.published[0]).toMatchObject({
      revision: draft.revision,
      published: true,
      published_at: clock.now().toISOString(),
      published_by: { id: ann.sub, email: ann.email },
      created_by: { id: ann.sub },
    });
    // No clock advance: the cache was cleared by the publish.
    expect(await visitorText(k)).toBe('The Hall, republished');
    const again = await request(h.app).get('/api/content/pages/hall/text').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(200);
    expect((await entry(k))).toMatchObject({ draft: null, live: { revision: draft.revision }, head_revision: draft.revision });

    // The same revision again: it already went live, so it is a conflict and nothing changes.
    const twice = publishResponseSchema.parse((await call('post', '/editor/publish', bob, { items: [{ ...k, revision: draft.revision }] })).body);
    expect(twice).toEqual({ published: [], conflicts: [k] });
    expect((await auditActions('hall/hero/title')).filter((a) => a === 'text.published')).toHaveLength(1);
  });

  it('publishes a batch and sends back the drafts that moved on as conflicts', async () => {
    const a = key('community', 'hero', 'title');
    const b = key('community', 'hero', 'subtitle');
    const c = key('kitchens', 'hero', 'subtitle');
    const da = await saveOk(a, 'Events A');
    const db = await saveOk(b, 'Events B');
    const dc = await saveOk(c, 'Kitchens C');
    // Bob saves over C after Ann reviewed it: C's reviewed revision is no longer the draft.
    await saveOk(c, 'Kitchens C, by Bob', bob);
    const response = await call('post', '/editor/publish', ann, {
      items: [
        { ...a, revision: da.revision },
        { ...b, revision: db.revision },
        { ...c, revision: dc.revision },
        { ...key('community', 'nothing', 'here'), revision: 1 },
      ],
    });
    const result = publishResponseSchema.parse(response.body);
    expect(result.published.map((v) => v.content_key).sort()).toEqual(['subtitle', 'title']);
    expect(result.conflicts).toEqual([c, key('community', 'nothing', 'here')]);
    expect(await visitorText(a)).toBe('Events A');
    expect(await visitorText(b)).toBe('Events B');
    expect(await visitorText(c)).toBe(PAGE_TEXT_DEFAULTS.kitchens.hero.subtitle);
    expect((await entry(c)).draft?.content_data.text).toBe('Kitchens C, by Bob');
  });

  it('discards a pending draft (guarded by revision), 404 when there is none', async () => {
    const k = key('home', 'about', 'body');
    const live = await visitorText(k);
    await saveOk(k, 'First draft');
    const second = await saveOk(k, 'Second draft');
    expectError(await call('post', '/editor/discard', bob, { ...k, revision: second.revision - 1 }), 409, 'edit_conflict');
    const response = await call('post', '/editor/discard', bob, { ...k, revision: second.revision });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { entry: after } = response.body as { entry: EditorTextEntry };
    expect(after).toMatchObject({ draft: null, head_revision: 1, live: { revision: 1 } });
    expect(await h.content.models.cmsContent.countDocuments({ page: 'home', section: 'about', content_key: 'body' })).toBe(1);
    expectError(await call('post', '/editor/discard', bob, { ...k, revision: second.revision }), 404, 'draft_not_found');
    expect(await visitorText(k)).toBe(live);

    // Ann still had the discarded draft open: her save over it is a conflict, before and after a new draft.
    expectError(await save(k, { text: 'Over the discarded draft' }, second.revision), 409, 'edit_conflict');
    const fresh = await saveOk(k, 'A fresh draft', bob);
    expect(fresh.revision).toBe(second.revision + 1);
    expectError(await save(k, { text: 'Over the discarded draft' }, second.revision), 409, 'edit_conflict');
    expect((await entry(k)).draft?.content_data.text).toBe('A fresh draft');
    expect(await auditActions('home/about/body')).toContain('text.discarded');
  });

  it('keeps the published versions as history, newest first, and restores one as a new draft', async () => {
    const k = key('cocktails', 'about', 'body');
    const original = await visitorText(k);
    for (const text of ['Bar v2', 'Bar v3']) {
      const draft = await saveOk(k, text);
      expect((await call('post', '/editor/publish', ann, { items: [{ ...k, revision: draft.revision }] })).status).toBe(200);
    }
    await saveOk(k, 'Bar draft, never published');
    const history = textHistoryResponseSchema.parse((await call('get', `/editor/history?${qs(k)}`, bob)).body).items;
    expect(history.map((v) => [v.revision, v.content_data.text])).toEqual([
      [3, 'Bar v3'],
      [2, 'Bar v2'],
      [1, original],
    ]);
    expect(history.every((v) => v.published)).toBe(true);

    const head = (await entry(k)).head_revision;
    expectError(await call('post', '/editor/restore', bob, { ...k, revision: 1, base_revision: head - 1 }), 409, 'edit_conflict');
    expectError(await call('post', '/editor/restore', bob, { ...k, revision: 4, base_revision: head }), 404, 'version_not_found');
    expectError(await call('post', '/editor/restore', bob, { ...k, revision: 99, base_revision: head }), 404, 'version_not_found');
    const restored = await call('post', '/editor/restore', bob, { ...k, revision: 1, base_revision: head });
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    expect(saveDraftResponseSchema.parse(restored.body).version).toMatchObject({ revision: head + 1, published: false, content_data: { text: original }, created_by: { id: bob.sub } });
    // Restoring is a draft: visitors still see v3 until it is published.
    expect(await visitorText(k)).toBe('Bar v3');
    expect(await auditActions('cocktails/about/body')).toContain('text.restored');
  });

  it('shows recent activity newest first', async () => {
    const k = key('beer', 'about', 'body');
    const draft = await saveOk(k, 'Beer, latest');
    const response = await call('get', '/editor/activity?limit=3', ann);
    const items = editorActivityResponseSchema.parse(response.body).items;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ ...k, revision: draft.revision });
    expectError(await call('get', '/editor/activity?limit=0', ann), 400, 'invalid_request');
    expectError(await call('get', '/editor/activity?limit=101', ann), 400, 'invalid_request');
  });
});

describe('scheduled publishing', () => {
  it('refuses times in the past or too far ahead, and revisions that are not the draft', async () => {
    const k = key('common-room', 'hero', 'title');
    const draft = await saveOk(k, 'Cinema later');
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const before = await counts();
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: draft.revision, publish_at: at(-60_000) }), 400, 'invalid_time');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: draft.revision, publish_at: at(0) }), 400, 'invalid_time');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: draft.revision, publish_at: at((SCHEDULE_MAX_DAYS_AHEAD + 1) * DAY) }), 400, 'invalid_time');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: 1, publish_at: at(DAY) }), 404, 'draft_not_found');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: 42, publish_at: at(DAY) }), 404, 'draft_not_found');
    await saveOk(k, 'Cinema, newer draft');
    expectError(await call('post', '/editor/schedules', ann, { ...k, revision: draft.revision, publish_at: at(DAY) }), 409, 'edit_conflict');
    // Only the newer draft was written (and its audit event); no schedule.
    expect(await counts()).toEqual({ ...before, page: before.page + 1, audit: before.audit + 1 });
  });

  it('runs a due schedule exactly once across two instances on one database, and cancel stops another', async () => {
    // A second instance: its own connection, service and jobs runner, on the same store and database.
    const other = await connectMongo({ uri: h.mongo.uri, dbName: h.mongo.connection.name });
    const { service: second } = h.another({ db: other.connection });
    try {
      const k = key('common-room', 'about', 'body');
      const cancelKey = key('common-room', 'about', 'heading');
      const draft = await saveOk(k, 'Cinema, at noon');
      const other = await saveOk(cancelKey, 'Cinema heading, cancelled');
      const at = new Date(clock.now().getTime() + 3 * 60 * 60_000);
      const created = await call('post', '/editor/schedules', ann, { ...k, revision: draft.revision, publish_at: at.toISOString() });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const schedule = scheduledPublishSchema.parse(created.body);
      expect(schedule).toMatchObject({ ...k, revision: draft.revision, publish_at: at.toISOString(), created_by: { id: ann.sub, email: ann.email } });
      const toCancel = scheduledPublishSchema.parse((await call('post', '/editor/schedules', bob, { ...cancelKey, revision: other.revision, publish_at: at.toISOString() })).body);

      const listed = scheduledPublishListResponseSchema.parse((await call('get', '/editor/schedules', bob)).body).items;
      expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([schedule.id, toCancel.id]));
      expect((await entry(k)).scheduled?.id).toBe(schedule.id);

      const cancelled = await call('delete', `/editor/schedules/${toCancel.id}`, ann);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ cancelled: true });
      expectError(await call('delete', `/editor/schedules/${toCancel.id}`, ann), 404, 'schedule_not_found');
      expectError(await call('delete', `/editor/schedules/${'0'.repeat(24)}`, ann), 404, 'schedule_not_found');

      // Not due yet: nothing runs.
      expect([...(await h.content.jobs.runDueNow()), ...(await second.jobs.runDueNow())]).toEqual([]);
      const before = await visitorText(k);

      clock.advance(3 * 60 * 60_000);
      const outcomes = (await Promise.all([h.content.jobs.runDueNow(), second.jobs.runDueNow(), h.content.jobs.runDueNow(), second.jobs.runDueNow()])).flat();
      expect(outcomes.map((o) => `${o.name}:${o.outcome}`).sort()).toEqual([`${SCHEDULED_PUBLISH_JOB}:ok`, `${SCHEDULED_PUBLISH_JOB}:ok`]);
      // One more round finds nothing.
      expect([...(await h.content.jobs.runDueNow()), ...(await second.jobs.runDueNow())]).toEqual([]);

      h.content.invalidateCache();
      expect(before).not.toBe('Cinema, at noon');
      expect(await visitorText(k)).toBe('Cinema, at noon');
      expect(await visitorText(cancelKey)).not.toBe('Cinema heading, cancelled');
      expect((await entry(cancelKey)).draft?.revision).toBe(other.revision);
      expect(await entry(k)).toMatchObject({ draft: null, scheduled: null, live: { revision: draft.revision, published_by: null } });

      const runs = await h.mongo.connection.collection('job_runs').find({ service: 'content', name: SCHEDULED_PUBLISH_JOB }).toArray();
      expect(runs).toHaveLength(2);
      const audit = auditListResponseSchema.parse((await call('get', '/audit?limit=100', ada)).body).items;
      const published = audit.filter((e) => e.target === 'common-room/about/body' && e.action === 'text.published');
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ actor: null, detail: `revision ${draft.revision} live (scheduled)` });
      // The cancelled one's job ran and found nothing to do.
      expect(audit.filter((e) => e.target === 'common-room/about/heading').map((e) => e.action)).toEqual([
        'text.schedule_cancelled',
        'text.scheduled',
        'text.draft_saved',
      ]);
      expect(audit.some((e) => e.target === 'common-room/about/heading' && e.action === 'text.published')).toBe(false);
      expect(scheduledPublishListResponseSchema.parse((await call('get', '/editor/schedules', bob)).body).items.map((s) => s.id)).not.toContain(schedule.id);
      expectError(await call('delete', `/editor/schedules/${schedule.id}`, ann), 404, 'schedule_not_found');
    } finally {
      await second.close();
      await other.stop();
    }
  });
});

describe('scheduled publishing and other changes', () => {
  it('drops a schedule when its draft is discarded or published by hand; its job then does nothing', async () => {
    const discarded = key('beer', 'details', 'heading');
    const byHand = key('beer', 'details', 'body');
    const d1 = await saveOk(discarded, 'Beer details heading, scheduled');
    const d2 = await saveOk(byHand, 'Beer details body, scheduled');
    const at = new Date(clock.now().getTime() + 60 * 60_000).toISOString();
    for (const [k, d] of [[discarded, d1], [byHand, d2]] as const) {
      expect((await call('post', '/editor/schedules', ann, { ...k, revision: d.revision, publish_at: at })).status).toBe(201);
    }
    expect((await call('post', '/editor/discard', ann, { ...discarded, revision: d1.revision })).status).toBe(200);
    expect((await call('post', '/editor/publish', ann, { items: [{ ...byHand, revision: d2.revision }] })).status).toBe(200);
    const pending = scheduledPublishListResponseSchema.parse((await call('get', '/editor/schedules', ann)).body).items;
    expect(pending.filter((s) => s.page === 'beer' && s.section === 'details')).toEqual([]);
    clock.advance(60 * 60_000);
    const outcomes = await h.content.jobs.runDueNow();
    expect(outcomes.filter((o) => o.name === SCHEDULED_PUBLISH_JOB).map((o) => o.outcome)).toEqual(['ok', 'ok']);
    expect(await visitorText(discarded)).toBe(PAGE_TEXT_DEFAULTS.beer.details.heading);
    const audit = auditListResponseSchema.parse((await call('get', '/audit?limit=100', ada)).body).items;
    expect(audit.filter((e) => e.target === 'beer/details/body' && e.action === 'text.published')).toHaveLength(1);
    expect(audit.filter((e) => e.target === 'beer/details/heading' && e.action === 'text.published')).toHaveLength(0);
  });

  it('replaces a text\'s pending schedule with a newer one (one pending per text)', async () => {
    const k = key('hall', 'details', 'heading');
    const d = await saveOk(k, 'Hall details, later');
    const first = new Date(clock.now().getTime() + DAY).toISOString();
    const second = new Date(clock.now().getTime() + 2 * DAY).toISOString();
    const a = scheduledPublishSchema.parse((await call('post', '/editor/schedules', ann, { ...k, revision: d.revision, publish_at: first })).body);
    const b = scheduledPublishSchema.parse((await call('post', '/editor/schedules', bob, { ...k, revision: d.revision, publish_at: second })).body);
    const pending = scheduledPublishListResponseSchema.parse((await call('get', '/editor/schedules', ann)).body).items.filter((s) => s.page === 'hall');
    expect(pending.map((s) => s.id)).toEqual([b.id]);
    expect((await entry(k)).scheduled).toMatchObject({ id: b.id, publish_at: second, created_by: { id: bob.sub } });
    expectError(await call('delete', `/editor/schedules/${a.id}`, ann), 404, 'schedule_not_found');
    expect((await call('delete', `/editor/schedules/${b.id}`, ann)).status).toBe(200);
  });
});

describe('publish batches', () => {
  it('counts a text named twice once, and refuses more than PUBLISH_BATCH_MAX items', async () => {
    const k = key('community', 'details', 'heading');
    const d = await saveOk(k, 'Community details');
    const result = publishResponseSchema.parse((await call('post', '/editor/publish', ann, { items: [{ ...k, revision: d.revision }, { ...k, revision: d.revision }] })).body);
    expect(result.published).toHaveLength(1);
    expect(result.conflicts).toEqual([k]);
    const tooMany = Array.from({ length: PUBLISH_BATCH_MAX + 1 }, (_, i) => ({ ...key('home', 'bulk', `k${i}`), revision: 1 }));
    expectError(await call('post', '/editor/publish', ann, { items: tooMany }), 400, 'invalid_request');
  });
});

describe('presence', () => {
  it('tells an editor who else has the text open, until they close it or stop saying so', async () => {
    const k = key('home', 'hero', 'subtitle');
    const beat = async (who: Who, open = true) => {
      const response = await call('post', '/editor/presence', who, { ...k, open });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return presenceResponseSchema.parse(response.body).others;
    };
    expect(await beat(ann)).toEqual([]);
    const annSince = clock.now().toISOString();
    clock.advance(10_000);
    expect(await beat(bob)).toEqual([{ email: ann.email, since: annSince }]);
    expect((await beat(ann)).map((o) => o.email)).toEqual([bob.email]);
    // Ann closes the popup: gone at once.
    expect(await beat(ann, false)).toEqual([{ email: bob.email, since: expect.any(String) }]);
    expect(await beat(bob)).toEqual([]);
    // Ann opens it again and then stops sending heartbeats: gone after the TTL.
    await beat(ann);
    clock.advance(PRESENCE_TTL_MS + 1);
    expect(await beat(bob)).toEqual([]);
    // Another text is another room.
    const elsewhere = await call('post', '/editor/presence', ann, { ...key('home', 'hero', 'title'), open: true });
    expect(presenceResponseSchema.parse(elsewhere.body).others).toEqual([]);
    expectError(await call('post', '/editor/presence', ann, { ...k, open: 'yes' }), 400, 'invalid_request');
  });
});

describe('the audit list', () => {
  it('pages through content events newest first with next_cursor', async () => {
    const first = auditListResponseSchema.parse((await call('get', '/audit?limit=2', ada)).body);
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toMatch(/^\d+-[a-f0-9]{24}$/);
    expect(first.items.every((e) => e.service === 'content')).toBe(true);
    const second = auditListResponseSchema.parse((await call('get', `/audit?limit=2&before=${first.next_cursor}`, ada)).body);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(4);
    expect(Date.parse(second.items[0].at)).toBeLessThanOrEqual(Date.parse(first.items[1].at));
    expect(first.items[0].actor === null || typeof first.items[0].actor.id === 'string').toBe(true);
  });
});
