import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { RouterErrorView } from './error-view';
import { RemoteRoute } from './remote-route';
import { DATETIME_ALIASES, DATETIME_PATH, REMOTE_ROUTES } from './route-table';

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouterErrorView />,
      children: [
        {
          errorElement: <RouterErrorView />,
          children: [
            ...REMOTE_ROUTES.map(({ path, remote }) => ({
              path,
              element: <RemoteRoute key={path} remote={remote} path={path} />,
            })),
            ...DATETIME_ALIASES.map((path) => ({ path, element: <Navigate to={DATETIME_PATH} replace /> })),
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}
