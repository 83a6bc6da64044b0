import { Module } from '@nestjs/common';
import { CampaignHistoryConsumer } from './campaign-history.consumer.js';
import { CampaignHistoryRepository } from './campaign-history.repository.js';
import { AppendCampaignMessageUseCase } from './use-cases/append-campaign-message.use-case.js';

/** ADR 0006: campaign messages in the contacts' history, never as agent work. */
@Module({
  controllers: [CampaignHistoryConsumer],
  providers: [CampaignHistoryRepository, AppendCampaignMessageUseCase],
})
export class CampaignHistoryModule {}
