import { Injectable, type OnModuleInit } from '@nestjs/common';
import { newConnectionSettings } from '@cs/proto/events';
import { ChatbotService } from '../chatbot/chatbot.service.js';
import { type ConnectionView, ProjectionsRepository } from '../projections/projections.repository.js';
import {
  ConversationHooks,
  type CustomerMessage,
  type InboundAnswer,
  type InboundResponder,
} from '../tickets/conversation-hooks.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { BotBinding } from './bot-binding.js';
import { BotFailures } from './bot-failures.js';
import { concernsBots, idlesBeforeChatbot } from './bot-ownership.js';

/**
 * Answers customer messages for the conversation layer (`ConversationHooks.inbound`): a prompt or queue integration
 * that owns the ticket or its connection binds first (`BotBinding`; its job answers after the commit), else the chatbot's menu,
 * then the bot of the queue the menu chose. The inbound path runs `run` inside its failure boundary: what the bots
 * wrote is undone on failure, never the customer's message.
 */
@Injectable()
export class InboundResponders implements InboundResponder, OnModuleInit {
  constructor(
    private readonly hooks: ConversationHooks,
    private readonly chatbot: ChatbotService,
    private readonly binding: BotBinding,
    private readonly failures: BotFailures,
    private readonly projections: ProjectionsRepository,
    private readonly tickets: TicketsRepository,
  ) {}

  onModuleInit(): void {
    this.hooks.answerWith(this);
  }

  answers(ticket: TicketRow): boolean {
    return concernsBots(ticket) || this.chatbot.answers(ticket);
  }

  async prepare(message: CustomerMessage): Promise<InboundAnswer> {
    const { companyId, ticket: asStored, connectionId } = message;
    // the company's settings only for the chatbot, read with the connection then
    const context = this.chatbot.answers(asStored)
      ? await this.projections.companyAndConnection(companyId, connectionId)
      : { company: null, connection: await this.projections.connection(companyId, connectionId) };
    const connection = context.connection ?? fallback(connectionId);
    const idle =
      idlesBeforeChatbot(asStored) &&
      this.chatbot.idles({ ticket: asStored, body: message.body, connection, company: context.company });
    const automation = { companyId, connection, messageId: message.messageId };
    const run: InboundAnswer['run'] = async () => {
      let ticket = asStored;
      let acted: Awaited<ReturnType<InboundAnswer['run']>> = null;
      if (await this.binding.beforeChatbot({ ...automation, ticket })) {
        return this.tickets.findWithSnapshot(companyId, ticket.id);
      }
      const queueIdBefore = ticket.queueId;
      const answered =
        this.chatbot.answers(ticket) &&
        (await this.chatbot.handle({
          companyId,
          ticket,
          body: message.body,
          connection,
          company: context.company ?? (await this.projections.company(companyId)),
          contactName: message.contactName,
        }));
      if (answered) {
        acted = await this.tickets.findWithSnapshot(companyId, ticket.id);
        ticket = acted?.ticket ?? ticket;
      }
      if (await this.binding.afterChatbot({ ...automation, ticket }, queueIdBefore)) {
        acted = await this.tickets.findWithSnapshot(companyId, ticket.id);
      }
      return acted;
    };
    return { connection, idle, run };
  }

  async failed(companyId: CustomerMessage['companyId'], ticket: TicketRow, error: unknown): Promise<void> {
    await this.failures.record(companyId, ticket, error);
  }
}

/** Until the connector's snapshot arrives, a connection behaves as a new one (no queues, no timers). */
const fallback = (connectionId: number): ConnectionView => ({
  id: connectionId,
  name: '',
  status: 'CONNECTED',
  ...newConnectionSettings(),
  provider: null,
});
