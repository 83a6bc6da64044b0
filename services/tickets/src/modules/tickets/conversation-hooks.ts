import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import type { ConnectionView } from '../projections/projections.repository.js';
import type { TicketRow } from './tickets.repository.js';

/** A customer message stored on a ticket a responder answers (`InboundResponder.answers`). */
export interface CustomerMessage {
  readonly companyId: CompanyId;
  readonly ticket: TicketRow;
  readonly body: string;
  readonly contactName: string;
  readonly connectionId: number;
  /** The stored message's id. */
  readonly messageId: string;
}

/** What the responders would do with a customer message, read before anything runs. */
export interface InboundAnswer {
  /** The message's connection as the responders see it (a new one's defaults until the connector's snapshot). */
  readonly connection: ConnectionView;
  /** Nothing would happen: no savepoint needed. */
  readonly idle: boolean;
  /** Runs the responders; the ticket and its snapshot after them when one of them changed it, else null. */
  run(): Promise<{ ticket: TicketRow; snapshot: TicketSnapshot } | null>;
}

/** The automation that answers customers (the chatbot, prompts, queue integrations). */
export interface InboundResponder {
  /** Whether it may answer the customer on `ticket` (then the message takes the one-at-a-time path). */
  answers(ticket: TicketRow): boolean;
  prepare(message: CustomerMessage): Promise<InboundAnswer>;
  /** `run` threw and what it wrote was undone: record why, for the people who configured the bot. */
  failed(companyId: CompanyId, ticket: TicketRow, error: unknown): Promise<void>;
}

type Handler<T> = (companyId: CompanyId, subject: T) => Promise<void>;

/**
 * The in-process events of the conversation layer (tickets, messages, queues) that the automation layer above
 * reacts to, in the caller's transaction, one handler after another in the order they subscribed (a handler's
 * error fails the caller's unit of work). The layer below never names the automation: it subscribes here when
 * its module starts (`onModuleInit`); an application without it has nothing subscribed.
 */
@Injectable()
export class ConversationHooks {
  private readonly waiting: Array<Handler<TicketRow>> = [];
  private readonly sendFailures: Array<Handler<{ messageId: string; reason: string }>> = [];
  private responder: InboundResponder | null = null;

  /** A ticket was put pending in a queue without a user (a return, a transfer, a reopening as pending). */
  onTicketWaiting(handler: Handler<TicketRow>): void {
    this.waiting.push(handler);
  }

  async ticketWaiting(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    for (const handler of this.waiting) await handler(companyId, ticket);
  }

  /** The connector could not send one of our messages. */
  onSendFailed(handler: Handler<{ messageId: string; reason: string }>): void {
    this.sendFailures.push(handler);
  }

  async sendFailed(companyId: CompanyId, failure: { messageId: string; reason: string }): Promise<void> {
    for (const handler of this.sendFailures) await handler(companyId, failure);
  }

  /** The one responder to customer messages (the automation layer's). */
  answerWith(responder: InboundResponder): void {
    if (this.responder) throw new Error('a second inbound responder subscribed');
    this.responder = responder;
  }

  get inbound(): InboundResponder {
    return this.responder ?? NOBODY;
  }
}

/** No automation: nobody answers. */
const NOBODY: InboundResponder = {
  answers: () => false,
  prepare: () => Promise.reject(new Error('no inbound responder subscribed')),
  failed: async () => undefined,
};
