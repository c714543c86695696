import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEditingStore, editingHandlers, MOCK_EDITOR, MOCK_OTHER_EDITOR } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { PUBLISH_BATCH_MAX } from '@croft/contracts';
import { createEditingClient, type EditingClient } from './editing-client';
import { publishAll } from './publish-drafts';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const options = { baseUrl: 'http://api.test' };
const client = createEditingClient({ ...options, getAccessToken: () => 'token' });
const title = { page: 'cafe', section: 'hero', content_key: 'title' } as const;

describe('the editing client over the editing mocks', () => {
  it('saves drafts over the head revision; a stale base is a 409 and writes nothing', async () => {
    server.use(...editingHandlers());
    const before = await client.text(title);
    expect(before).toMatchObject({ head_revision: 1, draft: null, live: { revision: 1, published: true } });
    const saved = await client.saveDraft({ ...title, content_data: { text: 'New title' }, base_revision: 1 });
    expect(saved).toMatchObject({ revision: 2, published: false, created_by: MOCK_EDITOR });
    await expect(client.saveDraft({ ...title, content_data: { text: 'Stale' }, base_revision: 1 })).rejects.toMatchObject({ status: 409, code: 'edit_conflict' });
    const after = await client.text(title);
    expect(after).toMatchObject({ head_revision: 2, draft: { content_data: { text: 'New title' } } });
    expect((await client.pendingDrafts()).map((e) => e.content_key)).toEqual(['title']);
    const page = await client.pageText('cafe');
    expect(page[0]).toMatchObject({ ...title, draft: { revision: 2 } });
  });

  it('publishes the reviewed revision, reports a moved-on one as a conflict, discards back to live, restores history', async () => {
    server.use(...editingHandlers());
    await client.saveDraft({ ...title, content_data: { text: 'Two' }, base_revision: 1 });
    const { published, conflicts } = await client.publish([
      { ...title, revision: 2 },
      { page: 'cafe', section: 'hero', content_key: 'lede', revision: 5 },
    ]);
    expect(published.map((v) => v.revision)).toEqual([2]);
    expect(conflicts).toEqual([{ page: 'cafe', section: 'hero', content_key: 'lede' }]);
    await client.saveDraft({ ...title, content_data: { text: 'Three' }, base_revision: 2 });
    await expect(client.discard({ ...title, revision: 2 })).rejects.toMatchObject({ status: 409 });
    const discarded = await client.discard({ ...title, revision: 3 });
    expect(discarded).toMatchObject({ head_revision: 2, draft: null, live: { revision: 2 } });
    expect((await client.history(title)).map((v) => v.revision)).toEqual([2, 1]);
    const restored = await client.restore({ ...title, revision: 1, base_revision: 2 });
    // Draft 3 was discarded: its number is never reused, so the restored draft is 4 (as the service does).
    expect(restored).toMatchObject({ revision: 4, published: false, content_data: { text: 'The Cafe' } });
  });

  it('the conflict world: someone else saves first, so the first save is a 409 and the next one over their head works', async () => {
    server.use(...editingHandlers({ conflictText: 'Theirs' }));
    await expect(client.saveDraft({ ...title, content_data: { text: 'Mine' }, base_revision: 1 })).rejects.toMatchObject({ status: 409 });
    const latest = await client.text(title);
    expect(latest).toMatchObject({ head_revision: 2, draft: { content_data: { text: 'Theirs' }, created_by: MOCK_OTHER_EDITOR } });
    expect(await client.saveDraft({ ...title, content_data: { text: 'Mine' }, base_revision: 2 })).toMatchObject({ revision: 3 });
  });

  it('presence: others with the text open; leaving takes me out', async () => {
    const store = createEditingStore();
    server.use(...editingHandlers({ store, othersEditing: ['sam@example.com'] }));
    expect(await client.presence({ ...title, open: true })).toEqual([{ email: 'sam@example.com', since: expect.any(String) }]);
    expect(store.presence.get('cafe/hero/title')?.map((p) => p.email)).toEqual([MOCK_EDITOR.email]);
    await client.presence({ ...title, open: false });
    expect(store.presence.get('cafe/hero/title')).toEqual([]);
  });

  it('no session: fails as signed out before sending; the service saying 401 is the same', async () => {
    server.use(...editingHandlers());
    const signedOut = createEditingClient({ ...options, getAccessToken: () => null });
    await expect(signedOut.pendingDrafts()).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
    server.resetHandlers(...editingHandlers({ signedOut: true }));
    await expect(client.pendingDrafts()).rejects.toMatchObject({ status: 401, code: 'not_authenticated' });
  });

  it('schedules a draft revision in the future, lists and cancels it', async () => {
    server.use(...editingHandlers());
    await client.saveDraft({ ...title, content_data: { text: 'Later' }, base_revision: 1 });
    const at = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '.000Z');
    await expect(client.schedule({ ...title, revision: 2, publish_at: '2020-01-01T00:00:00.000Z' })).rejects.toMatchObject({ code: 'invalid_time' });
    const scheduled = await client.schedule({ ...title, revision: 2, publish_at: at });
    expect(await client.schedules()).toEqual([scheduled]);
    await client.cancelSchedule(scheduled.id);
    expect(await client.schedules()).toEqual([]);
  });
});

describe('publishAll', () => {
  it('sends more than PUBLISH_BATCH_MAX drafts in requests of at most that many, merging the answers', async () => {
    const sizes: number[] = [];
    const fake = {
      publish: async (items: { page: 'cafe'; section: string; content_key: string; revision: number }[]) => {
        sizes.push(items.length);
        return { published: [], conflicts: items.map(({ page, section, content_key }) => ({ page, section, content_key })) };
      },
    } as unknown as EditingClient;
    const items = Array.from({ length: PUBLISH_BATCH_MAX + 3 }, (_, i) => ({ page: 'cafe' as const, section: 'hero', content_key: `k${i}`, revision: 2 }));
    const result = await publishAll(fake, items);
    expect(sizes).toEqual([PUBLISH_BATCH_MAX, 3]);
    expect(result.conflicts).toHaveLength(PUBLISH_BATCH_MAX + 3);
  });
});
