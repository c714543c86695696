import { Navigate, Outlet, Route, Routes } from '@croft/router';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouteErrorBoundary } from './error-view';
import { RemoteRoute } from './remote-route';
import { DATETIME_ALIASES, DATETIME_PATH, REMOTE_ROUTES } from './route-table';

/**
 * The site's routes: the shell's layout around every remote's pages. Declarative routing keeps
 * the shared, tree-shaken router small (no data-router runtime on a visitor's first load).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route
          element={
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          }
        >
          {REMOTE_ROUTES.map(({ path, remote }) => (
            <Route key={path} path={path} element={<RemoteRoute key={path} remote={remote} path={path} />} />
          ))}
          {DATETIME_ALIASES.map((path) => (
            <Route key={path} path={path} element={<Navigate to={DATETIME_PATH} replace />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
