import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from './RouteError.tsx';
import { loadViewerRoute } from './routes/viewer-route-data.ts';

/** A route's `lazy` for a screen in a chunk of its own: the module is loaded on first visit. */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/** A route at `path` showing such a screen. */
function screen<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject {
  return { path, lazy: lazyScreen(load, name) };
}

/**
 * The route table of spec §2. Every screen is its own chunk, so the login route ships only the
 * login card; the application layout, the gateway, the viewer (with the SDK) and administration
 * load when first visited.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    // Shown while the first route's chunk loads.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        lazy: lazyScreen(() => import('./routes/security-route.tsx'), 'SecurityRoute'),
        children: [
          {
            index: true,
            lazy: lazyScreen(() => import('./routes/login-route.tsx'), 'LoginRoute'),
          },
        ],
      },
      {
        lazy: lazyScreen(() => import('./routes/protected-route.tsx'), 'ProtectedRoute'),
        children: [
          screen('gateway', () => import('./routes/gateway-route.tsx'), 'GatewayRoute'),
          {
            path: 'viewer/:uid',
            loader: ({ params, request }) =>
              loadViewerRoute(params['uid'] ?? '', new URL(request.url).searchParams),
            // One token per visit: nothing on the page submits to the router.
            shouldRevalidate: () => false,
            lazy: async () => ({
              Component: (await import('./routes/viewer-route.tsx')).ViewerRoute,
            }),
          },
          screen(
            'subscriptions',
            () => import('./routes/subscriptions-route.tsx'),
            'SubscriptionsRoute',
          ),
          screen(
            'authoring/new/:accountId/:workspaceId/:datasetId',
            () => import('./routes/create-report-route.tsx'),
            'CreateReportRoute',
          ),
          {
            path: 'administration',
            lazy: lazyScreen(() => import('./routes/admin-route.tsx'), 'AdminRoute'),
            children: [
              { index: true, element: <Navigate to="account" replace /> },
              screen('account', () => import('./routes/accounts-route.tsx'), 'AccountsRoute'),
              screen('user', () => import('./routes/users-route.tsx'), 'UsersRoute'),
              screen('data', () => import('./routes/datasets-route.tsx'), 'DatasetsRoute'),
              screen('usage', () => import('./routes/usage-route.tsx'), 'UsageRoute'),
              screen('audit', () => import('./routes/audit-route.tsx'), 'AuditRoute'),
              screen('access-reviews', () => import('./routes/reviews-route.tsx'), 'ReviewsRoute'),
              screen(
                'permission/user',
                () => import('./routes/permissions-by-user-route.tsx'),
                'PermissionsByUserRoute',
              ),
              screen(
                'permission/report',
                () => import('./routes/permissions-by-report-route.tsx'),
                'PermissionsByReportRoute',
              ),
            ],
          },
        ],
      },
      screen('unsubscribe', () => import('./routes/unsubscribe-route.tsx'), 'UnsubscribeRoute'),
      screen('*', () => import('./routes/not-found-route.tsx'), 'NotFoundRoute'),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
