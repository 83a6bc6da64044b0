import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { channel } from '@cs/proto/realtime';
import { baseApi } from '../api/base-api';
import { pagedListOptions, pageParams } from '../api/paging';
import { fire, listensTo, withFakeSocket } from '../testing/fake-socket';
import { agent } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { ConfirmDialog } from './confirm-dialog';
import { Page, ScrollArea } from './page';
import { useManagedList } from './use-managed-list';

withFakeSocket();

interface Thing {
  id: number;
  name: string;
}

const thingsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Things'] }).injectEndpoints({
  endpoints: (build) => ({
    getThingsPage: build.infiniteQuery<{ things: Thing[]; hasMore: boolean }, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/things/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Things'],
    }),
    deleteThing: build.mutation<void, number>({
      query: (id) => ({ url: `/things/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Things'],
    }),
  }),
});

function ThingsPage() {
  const [remove] = thingsApi.useDeleteThingMutation();
  const { search, records, scroll, deleting, setDeleting, confirmDelete } = useManagedList({
    query: thingsApi.useGetThingsPageInfiniteQuery,
    pick: (page) => page.things,
    live: { event: channel.file(agent.companyId), invalidate: () => thingsApi.util.invalidateTags(['Things']) },
    remove: { run: (thing) => remove(thing.id).unwrap(), done: 'Coisa apagada' },
  });
  return (
    <Page title="Coisas" search={search}>
      <ScrollArea {...scroll} testId="things">
        {records.map((thing) => (
          <button key={thing.id} data-testid="thing" onClick={() => setDeleting(thing)}>
            {thing.name}
          </button>
        ))}
      </ScrollArea>
      <ConfirmDialog {...confirmDelete} title="Apagar?" body={deleting?.name ?? ''} />
    </Page>
  );
}

const PAGE_SIZE = 2;
let things: Thing[] = [];
let asked: string[] = [];

function serve() {
  server.use(
    http.get(`${API}/things/`, ({ request }) => {
      const url = new URL(request.url);
      const term = url.searchParams.get('searchParam') ?? '';
      const page = Number(url.searchParams.get('pageNumber'));
      asked.push(`${term}#${page}`);
      const found = things.filter((thing) => thing.name.toLowerCase().includes(term.toLowerCase()));
      const start = (page - 1) * PAGE_SIZE;
      return HttpResponse.json({
        things: found.slice(start, start + PAGE_SIZE),
        hasMore: found.length > start + PAGE_SIZE,
      });
    }),
    http.delete(`${API}/things/:id`, ({ params }) => {
      things = things.filter((thing) => thing.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

function renderThings() {
  return renderApp(null, {
    user: agent,
    routes: [
      {
        path: '/',
        element: <Outlet context={{ connected: true }} />,
        children: [{ index: true, element: <ThingsPage /> }],
      },
    ],
  });
}

const names = () => screen.queryAllByTestId('thing').map((el) => el.textContent);
const loadMore = () => fireEvent.scroll(screen.getByTestId('things'));

describe('useManagedList', () => {
  beforeEach(() => {
    asked = [];
    things = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Eco'].map((name, i) => ({ id: i + 1, name }));
    serve();
  });

  it('accumulates the pages while scrolling and stops asking once there are no more', async () => {
    renderThings();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Bravo']));
    loadMore();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Bravo', 'Charlie', 'Delta']));
    loadMore();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Bravo', 'Charlie', 'Delta', 'Eco']));
    await waitFor(() => expect(screen.getByTestId('things').getAttribute('aria-busy')).toBe('false'));
    loadMore();
    loadMore();
    // a search after those scrolls: once it is asked for, a page the scrolls asked for would have been too
    await userEvent.type(screen.getByRole('searchbox'), 'o');
    await waitFor(() => expect(asked).toContain('o#1'));
    expect(asked).toEqual(['#1', '#2', '#3', 'o#1']);
  });

  it('starts again from page 1 with the search text once it rests, dropping the pages already loaded', async () => {
    renderThings();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Bravo']));
    loadMore();
    await waitFor(() => expect(names()).toHaveLength(4));
    await userEvent.type(screen.getByRole('searchbox'), 'ta');
    expect(asked).toEqual(['#1', '#2']);
    await waitFor(() => expect(names()).toEqual(['Delta']));
    expect(asked).toEqual(['#1', '#2', 'ta#1']);
  });

  it('refetches every loaded page on its socket event, so a renamed or removed record shows', async () => {
    renderThings();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Bravo']));
    loadMore();
    await waitFor(() => expect(names()).toHaveLength(4));
    const event = channel.file(agent.companyId);
    await waitFor(() => expect(listensTo(event)).toBe(true));
    things = things.filter((thing) => thing.name !== 'Bravo').map((t) => (t.id === 3 ? { ...t, name: 'Carlos' } : t));
    fire(event);
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Carlos', 'Delta', 'Eco']));
  });

  it('deletes the confirmed record, says so and reloads the list without it', async () => {
    const user = userEvent.setup();
    renderThings();
    await user.click(await screen.findByRole('button', { name: 'Bravo' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Bravo')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Coisa apagada')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Alfa', 'Charlie']));
  });

  it('toasts the server’s error when the delete fails, and keeps the record', async () => {
    server.use(
      http.delete(`${API}/things/:id`, () => HttpResponse.json({ error: 'ERR_NO_PERMISSION' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderThings();
    await user.click(await screen.findByRole('button', { name: 'Alfa' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Você não tem permissão');
    expect(names()).toEqual(['Alfa', 'Bravo']);
  });
});
