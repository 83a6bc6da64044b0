import { errorCode } from './errors';

/** The contact's open ticket named by `ERR_OTHER_OPEN_TICKET`. */
export interface OpenTicketOwner {
  uuid: string | null;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
}

type Loose = {
  uuid?: unknown;
  userId?: unknown;
  user?: { id?: unknown; name?: unknown } | null;
  queue?: { name?: unknown } | null;
  ticket?: Loose;
};

/**
 * `ERR_OTHER_OPEN_TICKET` names the contact's open ticket: in `details` (this platform) or, as upstream sent it,
 * as JSON text in `error`. Null for any other error.
 */
export function openTicketOwner(error: unknown): OpenTicketOwner | null {
  const data = (error as { data?: { error?: unknown; details?: unknown } } | null)?.data;
  if (!data) return null;
  let source: Loose | null = null;
  if (errorCode(error) === 'ERR_OTHER_OPEN_TICKET') {
    source = typeof data.details === 'object' && data.details !== null ? data.details : {};
  } else if (typeof data.error === 'string' && data.error.startsWith('{')) {
    try {
      source = JSON.parse(data.error) as Loose;
    } catch {
      return null;
    }
  }
  if (!source) return null;
  const ticket = source.ticket ?? source;
  const userId =
    typeof ticket.userId === 'number' ? ticket.userId : typeof ticket.user?.id === 'number' ? ticket.user.id : null;
  return {
    uuid: typeof ticket.uuid === 'string' ? ticket.uuid : null,
    userId,
    userName: typeof ticket.user?.name === 'string' ? ticket.user.name : null,
    queueName: typeof ticket.queue?.name === 'string' ? ticket.queue.name : null,
  };
}

/**
 * What creating a ticket that hit the contact's open one leads to (spec: "if it is the same user, the existing
 * ticket opens; if the owner differs, the dialog shows the owner's name and queue"). Null for any other error.
 */
export function openTicketConflict(
  error: unknown,
  userId: number,
): { open: string } | { owner: OpenTicketOwner } | null {
  const owner = openTicketOwner(error);
  if (!owner) return null;
  return owner.uuid && owner.userId === userId ? { open: owner.uuid } : { owner };
}
