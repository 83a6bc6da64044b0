import { Module } from '@nestjs/common';
import { CampaignSettingsController } from './campaign-settings.controller.js';
import { CampaignSettingsRepository } from './campaign-settings.repository.js';

@Module({
  controllers: [CampaignSettingsController],
  providers: [CampaignSettingsRepository],
  exports: [CampaignSettingsRepository],
})
export class CampaignSettingsModule {}
