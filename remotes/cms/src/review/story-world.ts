// Shared by the editing screens' stories: a signed-in editor in the staff world over an editing store.
import { delay, type RequestHandler } from 'msw';
import { contentEditingEndpoints } from '@croft/contracts';
import { createReviewStore, editingHandlers, identityHandlers, mockEndpoint, staffHandlers, type EditingMockOptions, type EditingStore } from '@croft/mocks';

/** MSW for a story: the editing endpoints over `store` (the review world by default) and the staff world. */
export function editingWorld(options: EditingMockOptions & { slow?: boolean } = {}): { msw: { handlers: RequestHandler[] } } {
  const store: EditingStore = options.store ?? createReviewStore();
  // 'slow': every editing endpoint answers never (the screens' loading states); sign-in still answers.
  const slow = options.slow
    ? Object.values(contentEditingEndpoints).map((endpoint) =>
        mockEndpoint(endpoint, async () => {
          await delay('infinite');
          return undefined as never;
        }),
      )
    : [];
  return { msw: { handlers: [...slow, ...editingHandlers({ ...options, store }), ...staffHandlers(), ...identityHandlers()] } };
}
