import { Global, Module } from '@nestjs/common';
import { PLAN_FLAG_SOURCE } from '@cs/platform/tenancy';
import { ProjectionsConsumer } from './projections.consumer.js';
import { ProjectionsRepository } from './projections.repository.js';

/**
 * The local projections of other services' facts (companies, plans, users, connections). Global on purpose:
 * `PLAN_FLAG_SOURCE` is the port of the platform's `PlanFlagGuard`, which every gated controller in any module
 * resolves. Modules that use `ProjectionsRepository` itself still import this module, to show the dependency.
 */
@Global()
@Module({
  controllers: [ProjectionsConsumer],
  providers: [ProjectionsRepository, { provide: PLAN_FLAG_SOURCE, useExisting: ProjectionsRepository }],
  exports: [ProjectionsRepository, PLAN_FLAG_SOURCE],
})
export class ProjectionsModule {}
