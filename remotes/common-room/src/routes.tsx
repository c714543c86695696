import { lazy, type ComponentType } from 'react';

const CommonRoomRoutes = lazy(() => import('./pages/common-room-routes'));
const ProfilePage = lazy(() => import('./features/profile/profile-page'));
const NotificationsPage = lazy(() => import('./features/notifications/notifications-page'));
const SecretKitchensPage = lazy(async () => ({ default: (await import('./features/secret-kitchens/secret-kitchens-page')).SecretKitchensPage }));
const frame = (key: import('./pages/frames').FrameKey) =>
  lazy(async () => ({ default: (await import('./pages/frames')).frame(key) }));

/** The common-room remote's pages, keyed by the shell's route patterns. */
export const routes: Record<string, ComponentType> = {
  '/common-room/*': CommonRoomRoutes,
  '/profile': ProfilePage,
  '/check-in': frame('check-in'),
  '/calendar': frame('calendar'),
  '/manage-event/:token': frame('manage-event'),
  '/notifications': NotificationsPage,
  '/secretkitchens': SecretKitchensPage,
  '/secretkitchenadmin': frame('secretkitchenadmin'),
};
