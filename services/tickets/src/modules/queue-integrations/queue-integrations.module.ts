import { Module } from '@nestjs/common';
import { ChatbotCoreModule } from '../chatbot/chatbot-core.module.js';
import { MediaModule } from '../media/media.module.js';
import { OutboundModule } from '../messages/outbound.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { QueuesDataModule } from '../queues/queues-data.module.js';
import { TicketLifecycleModule } from '../messages/ticket-lifecycle.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { AiResponder } from '../prompts/ai-responder.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { DialogflowClient } from './dialogflow.client.js';
import { InboundAutomation } from './inbound-automation.js';
import { InboundResponders } from './inbound-responder.js';
import { IntegrationRunner } from './integration-runner.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';
import { QueueIntegrationsMapper } from './queue-integrations.mapper.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { DeleteQueueIntegrationUseCase } from './use-cases/delete-queue-integration.use-case.js';
import { SaveQueueIntegrationUseCase } from './use-cases/save-queue-integration.use-case.js';
import { TestSessionUseCase } from './use-cases/test-session.use-case.js';

/**
 * Queue integrations (`/queueIntegration`): Typebot, n8n, webhook and Dialogflow, and the inbound automation
 * (prompts and integrations answering tickets), which answers the inbound path's customer messages through
 * `ConversationHooks` (`InboundResponders`, with the chatbot).
 */
@Module({
  imports: [
    ChatbotCoreModule,
    MediaModule,
    OutboundModule,
    ProjectionsModule,
    PromptsModule,
    QueuesDataModule,
    TicketLifecycleModule,
    TicketsDataModule,
  ],
  controllers: [QueueIntegrationsController],
  providers: [
    QueueIntegrationsRepository,
    QueueIntegrationsMapper,
    DialogflowClient,
    SaveQueueIntegrationUseCase,
    DeleteQueueIntegrationUseCase,
    TestSessionUseCase,
    AiResponder,
    IntegrationRunner,
    InboundAutomation,
    InboundResponders,
  ],
  exports: [QueueIntegrationsRepository, DialogflowClient, InboundAutomation],
})
export class QueueIntegrationsModule {}
