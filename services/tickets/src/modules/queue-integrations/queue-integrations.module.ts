import { Global, Module } from '@nestjs/common';
import { AiResponder } from '../prompts/ai-responder.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { DialogflowClient } from './dialogflow.client.js';
import { InboundAutomation } from './inbound-automation.js';
import { IntegrationRunner } from './integration-runner.js';
import { QueueIntegrationsController } from './queue-integrations.controller.js';
import { QueueIntegrationsMapper } from './queue-integrations.mapper.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { DeleteQueueIntegrationUseCase } from './use-cases/delete-queue-integration.use-case.js';
import { SaveQueueIntegrationUseCase } from './use-cases/save-queue-integration.use-case.js';
import { TestSessionUseCase } from './use-cases/test-session.use-case.js';

/**
 * Queue integrations (`/queueIntegration`): Typebot, n8n, webhook and Dialogflow, and the inbound automation
 * (prompts and integrations answering tickets), global so the inbound flow can hand tickets to it.
 */
@Global()
@Module({
  imports: [PromptsModule],
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
  ],
  exports: [QueueIntegrationsRepository, DialogflowClient, InboundAutomation],
})
export class QueueIntegrationsModule {}
