import { listsTicket, type TicketViewer } from '@cs/proto/realtime';
import { isAdmin } from '../api/session';
import type { SessionUser, Ticket, TicketsPage, TicketStatus } from '../api/types';

/** What a ticket list shows: its status tab, the queue filter and the "show all" switch. */
export interface ListView {
  status?: TicketStatus | undefined;
  queueIds: number[];
  showAll: boolean;
  /** Search lists (text, tags, users) are not live-filled: they only update or drop what they already show. */
  isSearch: boolean;
}

/** The signed-in user as the visibility rule sees them (`@cs/proto/realtime`, ticket-visibility.ts). */
export type Viewer = TicketViewer;

/** The session user as the server's visibility rule reads them (super users count as admins there too). */
export function viewerOf(user: SessionUser): Viewer {
  return {
    userId: user.id,
    admin: isAdmin(user) || user.super === true,
    queueIds: user.queues.map((queue) => queue.id),
    allTicket: user.allTicket === 'enable' || user.allTicket === 'enabled',
  };
}

/**
 * Whether a ticket belongs in a list for this viewer: the server's own rule (`listsTicket`, which the tickets
 * service's `GET /tickets` and the gateway's rooms follow), so a live update lands exactly where a reload would
 * put it, whatever room delivered it (an open chat's room too). The queue selection lets queue-less tickets
 * through and filters nothing when empty.
 */
export function belongsToList(ticket: Ticket, view: ListView, viewer: Viewer): boolean {
  if (ticket.queueId !== null && view.queueIds.length > 0 && !view.queueIds.includes(ticket.queueId)) return false;
  return listsTicket(viewer, ticket, { status: view.status, showAll: view.showAll });
}

interface Pages {
  pages: TicketsPage[];
}

function locate(data: Pages, ticketId: number): [number, number] | null {
  for (let p = 0; p < data.pages.length; p++) {
    const i = data.pages[p]?.tickets.findIndex((t) => t.id === ticketId) ?? -1;
    if (i >= 0) return [p, i];
  }
  return null;
}

export function removeTicket(data: Pages, ticketId: number): void {
  const at = locate(data, ticketId);
  if (at) data.pages[at[0]]?.tickets.splice(at[1], 1);
}

/**
 * A `ticket` update or a new message: the list adds, moves or drops the ticket. `toTop` is set for a new
 * message (its ticket moves to the top with its unread count).
 */
export function applyTicket(data: Pages, ticket: Ticket, view: ListView, viewer: Viewer, toTop: boolean): void {
  const at = locate(data, ticket.id);
  const belongs = belongsToList(ticket, view, viewer);
  if (!belongs) {
    if (at) data.pages[at[0]]?.tickets.splice(at[1], 1);
    return;
  }
  if (at && !toTop) {
    const page = data.pages[at[0]];
    if (page) page.tickets[at[1]] = ticket;
    return;
  }
  if (at) data.pages[at[0]]?.tickets.splice(at[1], 1);
  else if (view.isSearch) return;
  data.pages[0]?.tickets.unshift(ticket);
}

export function markRead(data: Pages, ticketId: number): void {
  const at = locate(data, ticketId);
  const ticket = at ? data.pages[at[0]]?.tickets[at[1]] : undefined;
  if (ticket) ticket.unreadMessages = 0;
}

export function patchContact(data: Pages, contact: Partial<Ticket['contact']> & { id: number }): void {
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (ticket.contactId === contact.id) ticket.contact = { ...ticket.contact, ...contact };
    }
  }
}
