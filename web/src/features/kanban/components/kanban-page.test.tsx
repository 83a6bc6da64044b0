import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agent, ticket } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { KanbanPage } from './kanban-page';

const lane = { id: 5, name: 'Em negociação', color: '#ff9800', kanban: 1 };

describe('the kanban page', () => {
  beforeEach(() => {
    // give each lane a real viewport: 800 px tall
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(280);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lays 5,000 open tickets out in their lanes while rendering only the visible cards', async () => {
    const tickets = Array.from({ length: 5000 }, (_, index) =>
      ticket({
        id: 20_000 + index,
        status: 'open',
        contact: { id: index + 1, name: `Cliente ${index}`, number: '5511999990000', email: '', profilePicUrl: null },
        tags: index < 1000 ? [{ id: 5, name: 'Em negociação', color: '#ff9800' }] : [],
      }),
    );
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get(`${API}/tags/kanban`, () => HttpResponse.json({ lista: [lane] })),
      http.get(`${API}/ticket/kanban`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(Object.fromEntries(url.searchParams));
        const page = Number(url.searchParams.get('pageNumber'));
        const size = Number(url.searchParams.get('pageSize') ?? 40);
        const slice = tickets.slice((page - 1) * size, page * size);
        return HttpResponse.json({ tickets: slice, count: tickets.length, hasMore: page * size < tickets.length });
      }),
    );
    renderApp(<KanbanPage />, { user: agent });
    await waitFor(() => expect(screen.getAllByTestId('kanban-lane')).toHaveLength(2));
    const lanes = screen.getAllByTestId('kanban-lane');
    expect(lanes.map((element) => element.getAttribute('aria-label'))).toEqual(['Em aberto', 'Em negociação']);
    await waitFor(() => {
      expect(within(lanes[0] as HTMLElement).getByTestId('kanban-lane-count').textContent).toBe('4000');
      expect(within(lanes[1] as HTMLElement).getByTestId('kanban-lane-count').textContent).toBe('1000');
    });
    const rendered = screen.queryAllByTestId('kanban-card').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    // the caller's queues go with every page, as the spec's client sends them; 500 a page: ten requests, not 125;
    // an agent does not ask for everyone's tickets
    expect(new Set(asked.map((query) => query['queueIds']))).toEqual(new Set(['[1,2]']));
    expect(asked.map((query) => Number(query['pageNumber'])).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(new Set(asked.map((query) => query['pageSize']))).toEqual(new Set(['500']));
    expect(asked.some((query) => 'showAll' in query)).toBe(false);
  });
});
