import { QueryStatus } from '@reduxjs/toolkit/query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Providers } from '../app/providers';
import { makeStore, type RootState } from '../app/store';
import { sessionSlice } from '../api/session';
import type { SessionUser } from '../api/types';

interface Options {
  user?: SessionUser | null;
  path?: string;
  routes?: RouteObject[];
  preloaded?: Partial<RootState>;
}

/** Renders inside the app's providers with a memory router; `user` starts signed in. */
export function renderApp(ui: ReactElement | null, { user = null, path = '/', routes, preloaded }: Options = {}) {
  const store = makeStore(preloaded);
  if (user) store.dispatch(sessionSlice.actions.signedIn({ token: 'test-token', user }));
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, store, router };
}

/** The endpoints whose queries have answered, for tests that need a list loaded before acting. */
export function fulfilledEndpoints(store: ReturnType<typeof makeStore>): string[] {
  return Object.values(store.getState().api.queries)
    .filter((query) => query?.status === QueryStatus.fulfilled)
    .map((query) => query?.endpointName ?? '');
}
