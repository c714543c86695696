// Shared by the editing screens' stories: a signed-in editor in the staff world over an editing store.
import { delay, http, type RequestHandler } from 'msw';
import { createReviewStore, editingHandlers, identityHandlers, staffHandlers, type EditingMockOptions, type EditingStore } from '@croft/mocks';

/** MSW for a story: the editing endpoints over `store` (the review world by default) and the staff world. */
export function editingWorld(options: EditingMockOptions & { slow?: boolean } = {}): { msw: { handlers: RequestHandler[] } } {
  const store: EditingStore = options.store ?? createReviewStore();
  const slow = options.slow ? [http.all('*/api/content/editor/*', () => delay('infinite'))] : [];
  return { msw: { handlers: [...slow, ...editingHandlers({ ...options, store }), ...staffHandlers(), ...identityHandlers()] } };
}
