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

/** One in-process event: its handlers run in the emitter's transaction, one after another in subscription order. */
export class Hook<T> {
  private readonly handlers: Array<(companyId: CompanyId, subject: T) => Promise<void>> = [];

  on(handler: (companyId: CompanyId, subject: T) => Promise<void>): void {
    this.handlers.push(handler);
  }

  async emit(companyId: CompanyId, subject: T): Promise<void> {
    for (const handler of this.handlers) await handler(companyId, subject);
  }
}

/**
 * The in-process events of the conversation layer (tickets, messages, queues) that the automation layer above
 * reacts to, in the caller's transaction (a handler's error fails the caller's unit of work). The layer below never
 * names the automation: it subscribes here when its module starts (`onModuleInit`); an application without it has
 * nothing subscribed.
 */
@Injectable()
export class ConversationHooks {
  /** A ticket was put pending in a queue without a user (a return, a transfer, a reopening as pending). */
  readonly ticketWaiting = new Hook<TicketRow>();
  /** We sent a message on a ticket (stored, the ticket's preview updated; the ticket as it is now). */
  readonly weSpoke = new Hook<TicketRow>();
  /**
   * The customer wrote on a ticket that, after any bot answered, waits pending in no queue (`armsAutoTransfer`;
   * such a message always takes the one-at-a-time inbound path), with the message's connection when it was read.
   */
  readonly waitingWithoutQueue = new Hook<{ ticket: TicketRow; connection?: ConnectionView }>();
  /** The connector could not send one of our messages. */
  readonly sendFailed = new Hook<{ messageId: string; reason: string }>();

  private responder: InboundResponder | null = null;

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
