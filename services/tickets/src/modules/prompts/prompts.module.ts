import { Module } from '@nestjs/common';
import { QueuesDataModule } from '../queues/queues-data.module.js';
import { PlanGate } from './plan-gate.js';
import { PromptsController } from './prompts.controller.js';
import { PromptsMapper } from './prompts.mapper.js';
import { PromptsRepository } from './prompts.repository.js';
import { TicketsSecretBoxProvider } from './tickets-secrets.js';
import { SecretBox } from '@cs/platform/secrets';
import { DeletePromptUseCase } from './use-cases/delete-prompt.use-case.js';
import { SavePromptUseCase } from './use-cases/save-prompt.use-case.js';

/** AI prompts (`/prompt`), their encrypted keys and the plan gate the automation modules share. */
@Module({
  imports: [QueuesDataModule],
  controllers: [PromptsController],
  providers: [
    PromptsRepository,
    PromptsMapper,
    TicketsSecretBoxProvider,
    PlanGate,
    SavePromptUseCase,
    DeletePromptUseCase,
  ],
  exports: [PromptsRepository, SecretBox, PlanGate],
})
export class PromptsModule {}
