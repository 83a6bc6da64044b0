import type { Ticket, TicketsPage, TicketStatus } from '../api/types';

/** What a ticket list shows: its status tab, the queue filter and the "show all" switch. */
export interface ListView {
  status?: TicketStatus | undefined;
  queueIds: number[];
  showAll: boolean;
  /** Search lists (text, tags, users) are not live-filled: they only update or drop what they already show. */
  isSearch: boolean;
}

export interface Viewer {
  id: number;
  admin: boolean;
  /** `allTicket === 'enable'`: a non-admin also sees queue-less pending tickets. */
  seesQueueless: boolean;
}

/** Whether a ticket belongs in a list for this viewer (spec §4 and §6: access, queue, status). */
export function belongsToList(ticket: Ticket, view: ListView, viewer: Viewer): boolean {
  if (view.status && ticket.status !== view.status) return false;
  const everyQueue = viewer.admin && view.showAll;
  if (ticket.queueId === null) {
    if (!viewer.admin && !viewer.seesQueueless && ticket.userId !== viewer.id) return false;
  } else if (!everyQueue && !view.queueIds.includes(ticket.queueId)) {
    return false;
  }
  if (ticket.status === 'pending') return true;
  return view.showAll || ticket.userId === viewer.id;
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
