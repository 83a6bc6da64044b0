import type { Ticket } from '../../../api/types';

/** What ending a ticket sends to the contact: the rating question, the connection's farewell, or nothing. */
export type ClosingMessage = 'rating' | 'farewell' | null;

/**
 * The server's closing rule (tickets' `TicketLifecycle.close`): with the company's `userRating` setting enabled a
 * non-group ticket is asked for a rating; otherwise the connection's completion message, when it has one, is sent.
 * A connection the client could not read counts as having one, so the agent is asked rather than surprised.
 */
export function closingMessage(
  ticket: Pick<Ticket, 'isGroup'>,
  userRating: string | undefined,
  connection: { complationMessage?: string | undefined } | undefined,
): ClosingMessage {
  if (!ticket.isGroup && userRating === 'enabled') return 'rating';
  if (!connection || connection.complationMessage === undefined) return 'farewell';
  return connection.complationMessage.trim() ? 'farewell' : null;
}
