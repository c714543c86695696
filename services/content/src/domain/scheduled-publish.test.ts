import { describe, expect, it } from 'vitest';
import type { Actor, ScheduledPublish, TextKey, TextVersion } from '@croft/contracts';
import { createTextEditor, type ScheduleSource, type TextVersionSource } from './text-editing';

const key: TextKey = { page: 'cafe', section: 'hero', content_key: 'title' };
const editor: Actor = { id: 'u1', email: 'ed@example.com' };
const NOW = new Date('2026-11-20T10:00:00.000Z');

function draftVersion(revision: number): TextVersion {
  return { id: `v${revision}`, ...key, revision, content_data: { text: `r${revision}` }, published: false, created_by: editor, updated_at: NOW.toISOString() };
}

/** An in-memory schedule store with the real one's transitions (pending → running → done/skipped/failed). */
function memorySchedules() {
  const rows = new Map<string, ScheduledPublish & { status: string }>();
  const source: ScheduleSource = {
    async pending(filter = {}) {
      return [...rows.values()].filter(
        (r) => r.status === 'pending' && (!filter.key || (r.page === filter.key.page && r.section === filter.key.section && r.content_key === filter.key.content_key)),
      );
    },
    async replace(id, k, revision, publishAt, by, now) {
      for (const r of rows.values()) if (r.status === 'pending' && r.content_key === k.content_key) r.status = 'cancelled';
      const row = { id, page: k.page as 'cafe', section: k.section, content_key: k.content_key, revision, publish_at: publishAt.toISOString(), created_by: by, created_at: now.toISOString(), status: 'pending' };
      rows.set(id, row);
      return row;
    },
    async cancel() {
      return null;
    },
    async cancelUpTo() {
      return 0;
    },
    async claim(id) {
      const row = rows.get(id);
      if (!row || (row.status !== 'pending' && row.status !== 'running')) return null;
      row.status = 'running';
      return row;
    },
    async finish(id, status) {
      const row = rows.get(id);
      if (row?.status === 'running') row.status = status;
    },
  };
  return { rows, source };
}

function setup(versions: Partial<TextVersionSource>) {
  const schedules = memorySchedules();
  const events: { action: string; detail: string }[] = [];
  let next = 0;
  const text = createTextEditor({
    versions: {
      textVersions: async () => [draftVersion(2)],
      version: async (_k, revision) => (revision === 2 ? draftVersion(2) : null),
      ...versions,
    } as TextVersionSource,
    schedules: schedules.source,
    presence: { heartbeat: async () => {}, leave: async () => {}, others: async () => [] },
    audit: { record: async (event) => void events.push({ action: event.action, detail: event.detail }) },
    clock: { now: () => NOW },
    scheduleJob: async () => {},
    newId: () => `s${++next}`,
    onPublished: () => {},
  });
  return { text, schedules, events };
}

describe('scheduled publish', () => {
  it('audits a schedule that replaces a pending one', async () => {
    const { text, events, schedules } = setup({});
    await text.schedule(key, 2, new Date(NOW.getTime() + 3_600_000), editor);
    await text.schedule(key, 2, new Date(NOW.getTime() + 7_200_000), editor);
    expect(events.map((e) => e.action)).toEqual(['text.scheduled', 'text.schedule_replaced', 'text.scheduled']);
    expect(schedules.rows.get('s1')?.status).toBe('cancelled');
    expect(schedules.rows.get('s2')?.status).toBe('pending');
  });

  it('stays running for a retry after a failed attempt, and is marked failed (audited) after the last', async () => {
    const { text, events, schedules } = setup({
      publish: async () => {
        throw new Error('store unavailable');
      },
    });
    await text.schedule(key, 2, new Date(NOW.getTime() + 1000), editor);
    schedules.rows.get('s1')!.publish_at = NOW.toISOString();
    schedules.rows.get('s1')!.status = 'pending';
    // claim() in the real store needs publish_at <= now; the fake claims any pending row.
    await expect(text.runSchedule('s1')).rejects.toThrow('store unavailable');
    expect(schedules.rows.get('s1')?.status).toBe('running');
    expect(events.map((e) => e.action)).not.toContain('text.schedule_failed');
    await expect(text.runSchedule('s1', { finalAttempt: true })).rejects.toThrow('store unavailable');
    expect(schedules.rows.get('s1')?.status).toBe('failed');
    expect(events.at(-1)).toEqual({ action: 'text.schedule_failed', detail: 'revision 2 could not be published at its time; it is still a draft' });
    // A failed schedule is finished: another run does nothing.
    await expect(text.runSchedule('s1', { finalAttempt: true })).resolves.toBe('not_due');
  });
});
