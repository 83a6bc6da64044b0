import { Module } from '@nestjs/common';
import { PromptsModule } from '../prompts/prompts.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { AssistController } from './assist.controller.js';
import { AssistEndpoint } from './assist-endpoint.js';
import { AssistService } from './assist.service.js';
import { AssistSettingsController } from './assist-settings.controller.js';
import { AssistSettingsRepository } from './assist-settings.repository.js';
import { SaveAssistSettingsUseCase } from './use-cases/save-assist-settings.use-case.js';

/** AI assistance for agents (`/ai-assist`): the company's endpoint, summaries and reply suggestions, streamed. */
@Module({
  imports: [PromptsModule, TicketsDataModule],
  controllers: [AssistSettingsController, AssistController],
  providers: [AssistEndpoint, AssistService, AssistSettingsRepository, SaveAssistSettingsUseCase],
})
export class AssistModule {}
