import { Global, Module } from '@nestjs/common';
import { PLAN_FLAG_SOURCE } from '@cs/platform/tenancy';
import { ProjectionsConsumer } from './projections.consumer.js';
import { ProjectionsRepository } from './projections.repository.js';

@Global()
@Module({
  controllers: [ProjectionsConsumer],
  providers: [ProjectionsRepository, { provide: PLAN_FLAG_SOURCE, useExisting: ProjectionsRepository }],
  exports: [ProjectionsRepository, PLAN_FLAG_SOURCE],
})
export class ProjectionsModule {}
