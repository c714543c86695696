// Shared by the staff screens' stories: the cms routes at a path, as a signed-in person or nobody.
import type { RequestHandler } from 'msw';
import {
  buildStaffSession,
  createStaffMockStore,
  editingHandlers,
  faqEditingHandlers,
  identityHandlers,
  secretWordHandlers,
  staffHandlers,
  type StaffMockOptions,
  type StaffMockStore,
  type StaffSessionOptions,
} from '@croft/mocks';
import { MemoryRouter, Route, Routes } from '@croft/router';
import { getSessionClient } from '@croft/session';
import type { AdminPanel } from '@croft/contracts/remotes';
import CmsRoutes from '../pages/cms-routes';
import AdminRoutes from '../pages/admin-routes';

export interface StaffAtProps {
  path: string;
  /** Who is signed in (nobody when absent). */
  as?: StaffSessionOptions;
  panels?: readonly AdminPanel[];
}

/** The cms remote's /cms and /admin routes at `path` (the session is set by the story's beforeEach). */
export function StaffAt({ path, panels }: StaffAtProps) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cms/*" element={<CmsRoutes />} />
        <Route path="/admin/*" element={<AdminRoutes panels={panels} />} />
        <Route path="*" element={<p>Left the staff area.</p>} />
      </Routes>
    </MemoryRouter>
  );
}

/** Every story world's store, with the options it was made from (reset before each story). */
const worlds = new Map<StaffMockStore, StaffMockOptions>();

/**
 * MSW for a story: the staff world (people, audit, staff sign-in) in front of identity's sign-in,
 * and the content endpoints the /cms screens read once someone lands there (text editing, FAQ
 * editing, secret words), so a story that signs in and goes on to /cms meets no unhandled request.
 */
export function staffMocks(options: StaffMockOptions = {}): { msw: { handlers: RequestHandler[] } } {
  const store = createStaffMockStore(options);
  worlds.set(store, options);
  return { msw: { handlers: [...staffHandlers({ ...options, store }), ...identityHandlers(), ...cmsScreenHandlers()] } };
}

/** The content service's staff endpoints behind the /cms screens (each call a fresh in-memory world). */
export function cmsScreenHandlers(): RequestHandler[] {
  return [...editingHandlers(), ...faqEditingHandlers(), ...secretWordHandlers()];
}

/** A story's beforeEach: sign in as `args.as` (or stay signed out), and sign out afterwards. */
export function signInForStory({ args }: { args: StaffAtProps }) {
  // Each story starts from the fixtures, whatever an earlier story granted or revoked.
  for (const [store, options] of worlds) Object.assign(store, createStaffMockStore(options));
  if (args.as) getSessionClient().setSession(buildStaffSession(args.as));
  return async () => {
    await getSessionClient()
      .signOut()
      .catch(() => undefined);
  };
}

export const AN_ADMIN: StaffSessionOptions = { email: 'jo.manager@croftcommon.co.uk', roles: ['editor', 'admin'], mfa: true, aal: 'aal2' };
export const AN_EDITOR: StaffSessionOptions = { email: 'ann.editor@croftcommon.co.uk', roles: ['editor'] };
export const STAFF_MEMBER: StaffSessionOptions = { email: 'sam.staff@croftcommon.co.uk', roles: ['staff'], mfa: true, aal: 'aal2' };
