import { Global, Module } from '@nestjs/common';
import { AutoAssignService } from './chatbot/auto-assign.service.js';
import { ChatbotService } from './chatbot/chatbot.service.js';
import { MediaStorage } from './media/media.storage.js';
import { MessagesRepository } from './messages/messages.repository.js';
import { OutboundService } from './messages/outbound.service.js';
import { QueuesRepository } from './queues/queues.repository.js';
import { SchedulesRepository } from './schedules/schedules.repository.js';
import { TicketEvents } from './tickets/ticket-events.js';
import { TicketLifecycle } from './tickets/ticket-lifecycle.service.js';
import { TicketsQueries } from './tickets/tickets.queries.js';
import { TicketsRepository } from './tickets/tickets.repository.js';

const shared = [
  TicketsRepository,
  TicketsQueries,
  TicketEvents,
  TicketLifecycle,
  MessagesRepository,
  OutboundService,
  QueuesRepository,
  SchedulesRepository,
  MediaStorage,
  AutoAssignService,
  ChatbotService,
];

/**
 * The conversation core every feature module builds on: the repositories (company-scoped SQL), the ticket
 * event emitter, the outbound sender, the lifecycle transitions and the chatbot.
 */
@Global()
@Module({ providers: shared, exports: shared })
export class CoreModule {}
