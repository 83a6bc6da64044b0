/**
 * Who may see which ticket (spec core-operations §6): the one rule the tickets service's list query and
 * `canSee`, the gateway's rooms and the browser's live lists all follow, so a live update lands exactly where a
 * reload of `GET /tickets` would put it.
 *
 * - admins (and super users) see every pending ticket and their own; with "show all", every ticket;
 * - other users see their own tickets and the pending ones of their queues; a queue-less pending ticket only
 *   when their `allTicket` is enabled (the spec: pending notifications appear only with `allTicket` 'enable').
 * - notifications (`notifiesTicket`) are stricter: pending ones only with `allTicket` enabled;
 * - opening a ticket (`canSee`) is wider than being listed: admins any ticket, others their own and any ticket
 *   of their queues (queue-less ones with `allTicket` enabled), whatever its status or owner.
 */
export interface TicketPlacement {
  readonly status: string;
  readonly queueId: number | null;
  readonly userId: number | null;
}

export interface TicketViewer {
  readonly userId: number;
  readonly admin: boolean;
  /** The user's own queues. */
  readonly queueIds: readonly number[];
  /** The user's `allTicket` is 'enable'. */
  readonly allTicket: boolean;
}

/** What a ticket list asks for: a status tab (or none), and the admin's "show all" switch. */
export interface TicketListScope {
  readonly status?: string | undefined;
  readonly showAll?: boolean | undefined;
}

/** Whether the viewer's queues cover a ticket's queue (queue-less tickets only with `allTicket` enabled). */
export function coversQueue(viewer: TicketViewer, queueId: number | null): boolean {
  return queueId === null ? viewer.allTicket : viewer.queueIds.includes(queueId);
}

/** Whether a ticket is in the viewer's ticket lists (before the list's own filters: status, queues, tags...). */
export function listsTicket(viewer: TicketViewer, ticket: TicketPlacement, scope: TicketListScope = {}): boolean {
  if (scope.status !== undefined && ticket.status !== scope.status) return false;
  if (viewer.admin && scope.showAll) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.status !== 'pending') return false;
  return viewer.admin || coversQueue(viewer, ticket.queueId);
}

/** Whether the viewer may open a ticket (its chat, messages and actions). */
export function opensTicket(viewer: TicketViewer, ticket: Pick<TicketPlacement, 'queueId' | 'userId'>): boolean {
  if (viewer.admin) return true;
  if (ticket.userId !== null && ticket.userId === viewer.userId) return true;
  return coversQueue(viewer, ticket.queueId);
}

/**
 * Whether a ticket's new message notifies the viewer (the top bar's bell, the chime): not closed; admins every
 * other; others their own or unassigned ones of their queues (queue-less with `allTicket`), and pending ones
 * only with `allTicket` enabled (the spec: "notifications for pending tickets appear only if allTicket is
 * 'enable'"; stricter than the pending list, which shows an agent their queues' pending tickets regardless).
 */
export function notifiesTicket(viewer: TicketViewer, ticket: TicketPlacement): boolean {
  if (ticket.status === 'closed') return false;
  if (viewer.admin) return true;
  if (ticket.status === 'pending' && !viewer.allTicket) return false;
  if (ticket.userId !== null && ticket.userId !== viewer.userId) return false;
  return coversQueue(viewer, ticket.queueId);
}

/**
 * The queue rooms (`queue-{id|null}-*`) a non-admin's sockets join: their queues, plus the queue-less rooms
 * when `allTicket` is enabled (`null`).
 */
export function viewerQueueRooms(viewer: Pick<TicketViewer, 'queueIds' | 'allTicket'>): Array<number | null> {
  return [...viewer.queueIds, ...(viewer.allTicket ? [null] : [])];
}
