import { lazy, type ComponentType } from 'react';

/** The cms remote's pages, keyed by the shell's route patterns. */
export const routes: Record<string, ComponentType> = {
  '/cms/*': lazy(() => import('./pages/cms-routes')),
  '/admin/*': lazy(() => import('./pages/admin-routes')),
};
