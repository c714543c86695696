// Test helpers for the staff screens (unit tests only; never imported by a page).
import { render } from '@testing-library/react';
import { identityHandlers, buildStaffSession, createStaffMockStore, staffHandlers, type StaffMockOptions, type StaffSessionOptions } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { queryWrapper } from '@croft/query/testing';
import { MemoryRouter, Route, Routes, useLocation } from '@croft/router';
import { getSessionClient } from '@croft/session';
import { createToastStore, ToastProvider, type ToastStore } from '@croft/ui';
import type { AdminPanel } from '@croft/contracts/remotes';
import CmsRoutes from '../pages/cms-routes';
import AdminRoutes from '../pages/admin-routes';
import { cmsScreenHandlers } from './story-utils';

/**
 * An MSW server answering the staff world (people, audit, staff sign-in), identity's other calls
 * and the /cms screens' content endpoints.
 */
export function createStaffServer() {
  return createMockServer([...staffHandlers(), ...identityHandlers(), ...cmsScreenHandlers()]);
}

/** A fresh staff world for one test (new people store), returned for inspection. */
export function resetStaffWorld(server: ReturnType<typeof createStaffServer>, options: StaffMockOptions = {}) {
  const store = createStaffMockStore(options);
  server.resetHandlers(...staffHandlers({ ...options, store }), ...identityHandlers(), ...cmsScreenHandlers());
  return store;
}

export function signInAs(options: StaffSessionOptions) {
  getSessionClient().setSession(buildStaffSession(options));
}

export async function signOutQuietly() {
  await getSessionClient()
    .signOut()
    .catch(() => undefined);
  localStorage.clear();
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the cms remote's /cms and /admin routes at `path`, with a toast store to inspect. */
export function renderStaff(path: string, { panels }: { panels?: readonly AdminPanel[] } = {}): { toasts: ToastStore } {
  const toasts = createToastStore();
  render(
    <ToastProvider store={toasts}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cms/*" element={<CmsRoutes />} />
          <Route path="/admin/*" element={<AdminRoutes panels={panels} />} />
          <Route path="/" element={<h1>Home page</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ToastProvider>,
    { wrapper: queryWrapper() },
  );
  return { toasts };
}
