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
import { AutomationJob } from './automation-job.js';
import { BotBinding } from './bot-binding.js';
import { BotConclusion } from './bot-conclusion.js';
import { BotFailures } from './bot-failures.js';
import { BotHandOff } from './bot-hand-off.js';
import { BotReplies } from './bot-replies.js';
import { BotTurn } from './bot-turn.js';
import { DialogflowClient } from './dialogflow.client.js';
import { InboundResponders } from './inbound-responder.js';
import { IntegrationReplier } from './integration-replier.js';
import { IntegrationRunner } from './integration-runner.js';
import { PromptReplier } from './prompt-replier.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';
import { QueueIntegrationsMapper } from './queue-integrations.mapper.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { DeleteQueueIntegrationUseCase } from './use-cases/delete-queue-integration.use-case.js';
import { SaveQueueIntegrationUseCase } from './use-cases/save-queue-integration.use-case.js';
import { TestSessionUseCase } from './use-cases/test-session.use-case.js';

/**
 * Queue integrations (`/queueIntegration`): Typebot, n8n, webhook and Dialogflow, and the inbound automation
 * (prompts and integrations answering tickets), which answers the inbound path's customer messages through
 * `ConversationHooks` (`InboundResponders`, with the chatbot): `BotBinding` binds a bot on the inbound path,
 * `AutomationJob` runs its turn after the commit (`BotTurn` → `PromptReplier` or `IntegrationReplier` →
 * `BotReplies` → `BotConclusion`), `BotHandOff` gives the ticket to a person, `BotFailures` keeps the last error.
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
    BotBinding,
    BotFailures,
    BotHandOff,
    BotConclusion,
    BotReplies,
    PromptReplier,
    IntegrationReplier,
    BotTurn,
    AutomationJob,
    InboundResponders,
  ],
  exports: [QueueIntegrationsRepository, DialogflowClient],
})
export class QueueIntegrationsModule {}
