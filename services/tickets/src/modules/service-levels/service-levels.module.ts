import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { ServiceLevelJobs } from './service-level-jobs.js';
import { ServiceLevelsController } from './service-levels.controller.js';
import { ServiceLevelsRepository } from './service-levels.repository.js';

/** Service levels of the queues and the open tickets' standing against them (issue 55). */
@Module({
  imports: [ProjectionsModule],
  controllers: [ServiceLevelsController],
  providers: [ServiceLevelsRepository, ServiceLevelJobs],
})
export class ServiceLevelsModule {}
