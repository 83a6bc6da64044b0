import type { CompanyId } from '@cs/proto/common';
import type { ConnectionView } from '../projections/projections.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';

/** The pg-boss job in which a bot answers one customer message, after the inbound transaction committed. */
export const AUTOMATION_JOB = 'tickets.automation.reply';

export interface AutomationJobData {
  readonly companyId: number;
  readonly ticketId: number;
  readonly messageId: string;
}

/** A customer message on the inbound path, as the bots see it. */
export interface InboundContext {
  readonly companyId: CompanyId;
  readonly ticket: TicketRow;
  readonly connection: ConnectionView;
  readonly messageId: string;
}

/** The customer's stored message a bot answers. */
export interface StoredMessage {
  readonly id: string;
  readonly body: string;
  readonly mediaType: string;
  readonly mediaUrl: string | null;
}

/** A prompt or an integration is bound to the ticket and switched on. */
export const boundToBot = (ticket: TicketRow): boolean =>
  ticket.useIntegration && (ticket.promptId !== null || ticket.integrationId !== null);

/** A bot answers this ticket: bound to one, without a person, not closed. */
export const ownedByBot = (ticket: TicketRow): boolean =>
  ticket.userId === null && ticket.status !== 'closed' && boundToBot(ticket);

/**
 * Whether a customer's message on this ticket may concern a bot (else nothing binds or answers): a ticket without a
 * person, not a group, not closed.
 */
export const concernsBots = (ticket: TicketRow): boolean =>
  ticket.userId === null && !ticket.isGroup && ticket.status !== 'closed';

/**
 * Whether binding before the chatbot certainly does nothing for this ticket, without a statement: no bot owns it,
 * and it is in a queue already (or no bot concerns it).
 */
export const idlesBeforeChatbot = (ticket: TicketRow): boolean =>
  !concernsBots(ticket) || (!boundToBot(ticket) && ticket.queueId !== null);

/**
 * Whether the chatbot just put this ticket in a queue whose bot may start: a ticket without a person, not a group,
 * not bound to a bot yet, in a queue other than the one before the chatbot.
 */
export const enteredQueue = (ticket: TicketRow, queueIdBefore: number | null): boolean =>
  ticket.userId === null &&
  !ticket.isGroup &&
  ticket.queueId !== null &&
  ticket.queueId !== queueIdBefore &&
  !ticket.useIntegration;
