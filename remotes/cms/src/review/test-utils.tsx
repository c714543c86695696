// Test helpers for the editing screens (unit tests only; never imported by a page).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createEditingStore, createReviewStore, editingHandlers, type EditingMockOptions, type EditingStore } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { createTestQueryClient, queryWrapper } from '@croft/query/testing';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { createToastStore, ToastProvider, type ToastStore } from '@croft/ui';
import type { QueryClient } from '@croft/query';
import { createEditingClient } from '../editing/api/editing-client';
import { EditingClientProvider } from '../editing/api/editing-context';

export const testEditingClient = createEditingClient({ baseUrl: 'http://api.test', getAccessToken: () => 'token' });

export function createEditingServer() {
  return createMockServer(editingHandlers({ store: createEditingStore() }));
}

/** A fresh editing world (the review world by default) answering this test. */
export function useWorld(server: ReturnType<typeof createEditingServer>, options: EditingMockOptions = {}): EditingStore {
  const store = options.store ?? createReviewStore();
  server.resetHandlers(...editingHandlers({ ...options, store }));
  return store;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `element` at `path` (matched by `route`) with the editing client, a query client and a toast store to inspect. */
export function renderEditing(element: ReactElement, { path, route = path }: { path: string; route?: string }) {
  const toasts: ToastStore = createToastStore();
  const queryClient: QueryClient = createTestQueryClient();
  const Query = queryWrapper(queryClient);
  const events: Event[] = [];
  const listen = (event: Event) => events.push(event);
  window.addEventListener('draft-content-changed', listen);
  const result = render(
    <Query>
      <ToastProvider store={toasts}>
        <EditingClientProvider client={testEditingClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route.split('?')[0]} element={element} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
            <Where />
          </MemoryRouter>
        </EditingClientProvider>
      </ToastProvider>
    </Query>,
  );
  return { ...result, toasts, queryClient, events, stopListening: () => window.removeEventListener('draft-content-changed', listen) };
}

export const toastTitles = (toasts: ToastStore) => toasts.getSnapshot().map((t) => t.title);
