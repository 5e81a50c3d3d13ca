import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { createQueryClient } from '../src/lib/query-client.ts';
import type { CurrentUser, User } from '../src/lib/models.ts';

/** The administrator as the API lists it, and signed in (with the session tokens). */
export const administratorUser: User = {
  id: 1,
  username: 'admin',
  firstname: 'Ada',
  lastname: 'Lovelace',
  mail: 'admin@vitrina.demo',
  rol: 0,
};
export const administrator: CurrentUser = {
  ...administratorUser,
  token: 'access-1',
  refreshToken: 'refresh-1',
};

export function signIn(user: CurrentUser = administrator): void {
  localStorage.setItem('currentUser', JSON.stringify(user));
}

/** Renders `element` (or `routes`) inside the app's providers and a memory router at `path`. */
export function renderApp(element: ReactElement | RouteObject[], path = '/') {
  const routes = Array.isArray(element) ? element : [{ path: '*', element }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={esES}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}
