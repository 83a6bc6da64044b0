import { Module } from '@nestjs/common';
import { OutboundModule } from '../messages/outbound.module.js';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { CampaignHistoryConsumer } from './campaign-history.consumer.js';
import { CampaignHistoryRepository } from './campaign-history.repository.js';
import { AppendCampaignMessageUseCase } from './use-cases/append-campaign-message.use-case.js';

/** ADR 0006: campaign messages in the contacts' history, never as agent work. */
@Module({
  imports: [OutboundModule, TicketsDataModule],
  controllers: [CampaignHistoryConsumer],
  providers: [CampaignHistoryRepository, AppendCampaignMessageUseCase],
})
export class CampaignHistoryModule {}
