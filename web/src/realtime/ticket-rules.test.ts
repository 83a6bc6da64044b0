import { describe, expect, it } from 'vitest';
import type { TicketsPage } from '../api/types';
import { ticket } from '../testing/fixtures';
import { applyTicket, belongsToList, markRead, removeTicket, type ListView, type Viewer } from './ticket-rules';

const agent: Viewer = { userId: 3, admin: false, queueIds: [1, 2], allTicket: true };
const strictAgent: Viewer = { ...agent, allTicket: false };
const adminViewer: Viewer = { userId: 2, admin: true, queueIds: [1], allTicket: false };
const pendingView: ListView = { status: 'pending', queueIds: [1, 2], showAll: false, isSearch: false };
const openView: ListView = { status: 'open', queueIds: [1, 2], showAll: false, isSearch: false };

const pages = (...lists: TicketsPage['tickets'][]) => ({
  pages: lists.map((tickets) => ({ tickets, hasMore: false })),
});

describe('ticket list rules (the server’s visibility)', () => {
  it('shows agents pending tickets of their queues and their own open ones', () => {
    expect(belongsToList(ticket({ status: 'pending', queueId: 1 }), pendingView, agent)).toBe(true);
    expect(belongsToList(ticket({ status: 'pending', queueId: 9 }), { ...pendingView, queueIds: [] }, agent)).toBe(
      false,
    );
    expect(belongsToList(ticket({ status: 'open', userId: 3 }), openView, agent)).toBe(true);
    expect(belongsToList(ticket({ status: 'open', userId: 7 }), openView, agent)).toBe(false);
    expect(belongsToList(ticket({ status: 'open', userId: 7 }), { ...openView, showAll: true }, agent)).toBe(false);
  });

  it('shows a queue-less pending ticket to agents with allTicket enabled only (admins always)', () => {
    const queueless = ticket({ status: 'pending', queueId: null, queue: null, userId: null });
    expect(belongsToList(queueless, pendingView, agent)).toBe(true);
    expect(belongsToList(queueless, pendingView, strictAgent)).toBe(false);
    expect(belongsToList(queueless, { ...pendingView, status: undefined, isSearch: true }, strictAgent)).toBe(false);
    expect(belongsToList(queueless, pendingView, adminViewer)).toBe(true);
  });

  it('drops a queue-less pending ticket an agent without allTicket already shows (as a reload would)', () => {
    const queueless = ticket({ id: 5, status: 'pending', queueId: null, queue: null, userId: null });
    const data = pages([ticket({ id: 5, status: 'pending', queueId: null, queue: null, userId: 3 })]);
    applyTicket(data, queueless, pendingView, strictAgent, false);
    expect(data.pages[0]?.tickets).toEqual([]);
  });

  it('lets admins with "show all" see everyone’s tickets, and without it their own plus every pending one', () => {
    expect(belongsToList(ticket({ status: 'open', userId: 7 }), { ...openView, showAll: true }, adminViewer)).toBe(
      true,
    );
    expect(belongsToList(ticket({ status: 'open', userId: 7 }), openView, adminViewer)).toBe(false);
    expect(belongsToList(ticket({ status: 'pending', queueId: 2 }), pendingView, adminViewer)).toBe(true);
  });

  it('applies the queue selection but lets queue-less tickets through; an empty selection filters nothing', () => {
    expect(belongsToList(ticket({ status: 'pending', queueId: 2 }), { ...pendingView, queueIds: [1] }, agent)).toBe(
      false,
    );
    expect(
      belongsToList(
        ticket({ status: 'pending', queueId: null, queue: null }),
        { ...pendingView, queueIds: [1] },
        agent,
      ),
    ).toBe(true);
    expect(
      belongsToList(
        ticket({ status: 'open', userId: 7, queueId: 5 }),
        { ...openView, queueIds: [], showAll: true },
        adminViewer,
      ),
    ).toBe(true);
    expect(
      belongsToList(
        ticket({ status: 'open', userId: 7, queueId: 5 }),
        { ...openView, queueIds: [1], showAll: true },
        adminViewer,
      ),
    ).toBe(false);
  });

  it('adds a new ticket at the top, moves one with a new message to the top, drops one that changed status', () => {
    const a = ticket({ id: 1 });
    const b = ticket({ id: 2 });
    const data = pages([a], [b]);
    const c = ticket({ id: 3 });
    applyTicket(data, c, pendingView, agent, false);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([3, 1]);
    applyTicket(data, { ...b, unreadMessages: 4 }, pendingView, agent, true);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([2, 3, 1]);
    expect(data.pages[0]!.tickets[0]!.unreadMessages).toBe(4);
    expect(data.pages[1]!.tickets).toEqual([]);
    applyTicket(data, { ...a, status: 'open', userId: 3 }, pendingView, agent, false);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([2, 3]);
  });

  it('updates in place without a new message, resets unread, removes on delete', () => {
    const a = ticket({ id: 1, unreadMessages: 2 });
    const b = ticket({ id: 2 });
    const data = pages([a, b]);
    applyTicket(data, { ...b, lastMessage: 'editado' }, pendingView, agent, false);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([1, 2]);
    expect(data.pages[0]!.tickets[1]!.lastMessage).toBe('editado');
    markRead(data, 1);
    expect(data.pages[0]!.tickets[0]!.unreadMessages).toBe(0);
    removeTicket(data, 1);
    expect(data.pages[0]!.tickets.map((t) => t.id)).toEqual([2]);
  });

  it('never adds new tickets to a search result list', () => {
    const data = pages([]);
    applyTicket(data, ticket({ id: 9 }), { ...pendingView, isSearch: true }, agent, true);
    expect(data.pages[0]!.tickets).toEqual([]);
  });
});
