import { Global, Module } from '@nestjs/common';
import { CampaignsEnabledGuard } from './campaigns-enabled.guard.js';
import { ProjectionsConsumer } from './projections.consumer.js';
import { ProjectionsRepository } from './projections.repository.js';

@Global()
@Module({
  controllers: [ProjectionsConsumer],
  providers: [ProjectionsRepository, CampaignsEnabledGuard],
  exports: [ProjectionsRepository, CampaignsEnabledGuard],
})
export class ProjectionsModule {}
