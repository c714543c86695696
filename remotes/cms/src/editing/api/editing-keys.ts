import type { EditablePage, TextKey } from '@croft/contracts';

/** Query keys of the editor's reads (all under 'cms-editing', so one invalidation refreshes them). */
export const editingKeys = {
  all: ['cms-editing'] as const,
  page: (page: EditablePage) => ['cms-editing', 'page', page] as const,
  text: (key: TextKey) => ['cms-editing', 'text', key.page, key.section, key.content_key] as const,
  pendingDrafts: ['cms-editing', 'pending-drafts'] as const,
  schedules: ['cms-editing', 'schedules'] as const,
  activity: (limit: number) => ['cms-editing', 'activity', limit] as const,
  history: (key: TextKey) => ['cms-editing', 'history', key.page, key.section, key.content_key] as const,
};
