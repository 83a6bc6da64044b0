import { Module } from '@nestjs/common';
import { PromptsModule } from '../prompts/prompts.module.js';
import { ExternalApiConsumer } from './external-api.consumer.js';
import { ExternalApiController } from './external-api.controller.js';
import { ExternalApiRepository } from './external-api.repository.js';
import { SendExternalMessageUseCase } from './send-external-message.use-case.js';

/** The external send API (`POST /api/messages/send`) and the connector facts it relies on. */
@Module({
  imports: [PromptsModule],
  controllers: [ExternalApiController, ExternalApiConsumer],
  providers: [ExternalApiRepository, SendExternalMessageUseCase],
})
export class ExternalApiModule {}
