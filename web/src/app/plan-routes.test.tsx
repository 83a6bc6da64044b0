import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Outlet, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanFlags } from '../api/types';
import { admin } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { routes } from './router';

/** Every route a plan flag gates (spec §2 and the administration document), with that flag. */
const FLAGGED: Array<[path: string, flag: keyof PlanFlags]> = [
  ['/schedules', 'useSchedules'],
  ['/chats', 'useInternalChat'],
  ['/chats/5f0c', 'useInternalChat'],
  ['/kanban', 'useKanban'],
  ['/prompts', 'useOpenAi'],
  ['/queue-integration', 'useIntegrations'],
  ['/messages-api', 'useExternalApi'],
  ['/campaigns', 'useCampaigns'],
  ['/campaigns-config', 'useCampaigns'],
  ['/contact-lists', 'useCampaigns'],
  ['/contact-lists/4/contacts', 'useCampaigns'],
  ['/campaign/9/report', 'useCampaigns'],
];

const ALL_ON: PlanFlags = {
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
};

/** The app's own route table, its pages inside a bare outlet instead of the shell, `/` a marker. */
function appRoutes(): RouteObject[] {
  const shell = routes.find((route) => route.path === '/')!;
  const children = (shell.children ?? []).map((child) =>
    child.index ? { index: true, element: <p>início</p> } : child,
  );
  return [{ path: '/', element: <Outlet />, children }];
}

/** An admin of a company whose settings show the campaign pages (the spec's `cshow`, set at sign-in). */
const campaignsAdmin = {
  ...admin,
  company: { ...admin.company!, settings: [{ key: 'campaignsEnabled', value: 'true' }] },
} as typeof admin;

afterEach(() => window.localStorage.removeItem('cshow'));

describe('a direct visit to a route the plan does not include', () => {
  it.each(FLAGGED)('%s (%s off) shows the notice and goes to / after a second', async (path, flag) => {
    const requests: string[] = [];
    server.use(
      http.get(`${API}/companies/listPlan/:id`, () => HttpResponse.json({ plan: { ...ALL_ON, [flag]: false } })),
      http.all(`${API}/*`, ({ request }) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return HttpResponse.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 });
      }),
    );
    const { router } = renderApp(null, { user: campaignsAdmin, path, routes: appRoutes() });
    expect((await screen.findByTestId('toast-warning')).textContent).toContain(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
    expect(await screen.findByText('início')).toBeTruthy();
    // the page behind the flag never asked the server for anything
    expect(requests).toEqual([]);
  });
});
