import { Module } from '@nestjs/common';
import { Clock } from '../dispatch/clock.js';
import { DispatchConsumer } from '../dispatch/dispatch.consumer.js';
import { DispatchEngine } from '../dispatch/dispatch-engine.js';
import { CampaignSettingsModule } from '../settings/campaign-settings.module.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';

@Module({
  imports: [CampaignSettingsModule],
  controllers: [CampaignsController, DispatchConsumer],
  providers: [Clock, CampaignsRepository, CampaignsService, DispatchEngine],
})
export class CampaignsModule {}
