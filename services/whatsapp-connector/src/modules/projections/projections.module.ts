import { Module } from '@nestjs/common';
import { ProjectionsConsumer } from './projections.consumer.js';
import { ProjectionsRepository } from './projections.repository.js';

@Module({
  controllers: [ProjectionsConsumer],
  providers: [ProjectionsRepository],
  exports: [ProjectionsRepository],
})
export class ProjectionsModule {}
