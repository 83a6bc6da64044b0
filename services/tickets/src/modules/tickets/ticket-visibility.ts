import {
  coversQueue,
  listsTicket,
  opensTicket,
  type TicketListScope,
  type TicketPlacement,
  type TicketViewer,
} from '@cs/proto/realtime';
import type { Identity } from '@cs/platform/tenancy';

/**
 * The tickets service's visibility policy: who may see which ticket, as the list's SQL condition and as an
 * in-memory test of one ticket. Both are built from the rule in `@cs/proto/realtime` (ticket-visibility.ts),
 * which the gateway's rooms and the browser's live lists follow too, so a live update and a reload agree.
 */
export { coversQueue, listsTicket, opensTicket };
export type { TicketListScope, TicketPlacement, TicketViewer };

export const isAdmin = (identity: Pick<Identity, 'isSuper' | 'profile'>): boolean =>
  identity.isSuper || identity.profile === 'admin';

/** The viewer of a request: its identity, with the user's queues and `allTicket` (none when unknown). */
export function viewerOf(
  identity: Pick<Identity, 'userId' | 'isSuper' | 'profile'>,
  user: { readonly queueIds: readonly number[]; readonly allTicket: boolean } | null | undefined,
): TicketViewer {
  return {
    userId: identity.userId,
    admin: isAdmin(identity),
    queueIds: user?.queueIds ?? [],
    allTicket: user?.allTicket ?? false,
  };
}

/**
 * The SQL condition (on `tickets t`) equal to `listsTicket(viewer, t, scope)` minus its status test (the list
 * adds `t.status = …` itself), or null when the viewer sees every ticket of the scope. Written for the status
 * asked when there is one, so the planner serves it from one index: `user_id = me` for open/closed rather than
 * an OR over both lists; nothing for an admin's pending tab, which is every pending ticket.
 * `param` adds a bound parameter and returns its placeholder.
 */
export function visibilitySql(
  viewer: TicketViewer,
  scope: TicketListScope,
  param: (value: unknown) => string,
): string | null {
  if (viewer.admin && (scope.showAll || scope.status === 'pending')) return null;
  const me = param(viewer.userId);
  if (scope.status !== undefined && scope.status !== 'pending') return `t.user_id = ${me}`;
  if (viewer.admin) return `(t.user_id = ${me} OR t.status = 'pending')`;
  const queues = `t.queue_id = ANY(${param([...viewer.queueIds])}::int[])${viewer.allTicket ? ' OR t.queue_id IS NULL' : ''}`;
  return scope.status === 'pending'
    ? `(t.user_id = ${me} OR ${queues})`
    : `(t.user_id = ${me} OR (t.status = 'pending' AND (${queues})))`;
}
