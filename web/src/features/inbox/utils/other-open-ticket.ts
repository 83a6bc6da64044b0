import { errorCode } from '../../../lib/errors';

export interface OtherOpenTicket {
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

function fromObject(value: Loose): OtherOpenTicket {
  const source = value.ticket ?? value;
  const userId =
    typeof source.userId === 'number' ? source.userId : typeof source.user?.id === 'number' ? source.user.id : null;
  return {
    uuid: typeof source.uuid === 'string' ? source.uuid : null,
    userId,
    userName: typeof source.user?.name === 'string' ? source.user.name : null,
    queueName: typeof source.queue?.name === 'string' ? source.queue.name : null,
  };
}

/**
 * `ERR_OTHER_OPEN_TICKET` carries the existing ticket: in `details` (this platform) or, as the upstream server
 * sent it, as a JSON text in `error`. Null when the error is something else.
 */
export function parseOtherOpenTicket(error: unknown): OtherOpenTicket | null {
  const data = (error as { data?: { error?: unknown; details?: unknown } } | null)?.data;
  if (!data) return null;
  if (errorCode(error) === 'ERR_OTHER_OPEN_TICKET') {
    return typeof data.details === 'object' && data.details !== null
      ? fromObject(data.details)
      : { uuid: null, userId: null, userName: null, queueName: null };
  }
  if (typeof data.error === 'string' && data.error.startsWith('{')) {
    try {
      return fromObject(JSON.parse(data.error) as Loose);
    } catch {
      return null;
    }
  }
  return null;
}
