import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@cs/platform/events';
import type { EventData } from '@cs/proto/common';
import {
  CompanyCreated,
  IdentityCompanyTopic,
  IdentityPlanTopic,
  IdentitySettingsTopic,
  PlanUpdated,
  QueueCreated,
  SettingUpdated,
  TicketsQueueTopic,
} from '@cs/proto/events';
import { ProjectionsRepository } from './projections.repository.js';

interface ConsumedEvent {
  readonly id: string;
  readonly type: string;
  readonly companyId: number;
  readonly data: unknown;
}

/** Keeps the local projections of companies (plan limit, settings) and queues up to date. */
@Controller()
export class ProjectionsConsumer {
  constructor(private readonly projections: ProjectionsRepository) {}

  @EventPattern<string>(IdentityCompanyTopic.name)
  async onCompany(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type === 'identity.company.deleted') {
      await this.projections.deleteCompany(event.companyId);
      return;
    }
    const company = event.data as EventData<typeof CompanyCreated>;
    await this.projections.upsertCompany(company.id, company.plan?.connections ?? null, {
      ...company.settings,
      ...(company.plan ? { __planId: String(company.plan.id) } : {}),
    });
  }

  @EventPattern<string>(IdentityPlanTopic.name)
  async onPlan(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== PlanUpdated.type) return;
    const plan = event.data as EventData<typeof PlanUpdated>;
    await this.projections.applyPlanLimit(plan.id, plan.connections);
  }

  @EventPattern<string>(IdentitySettingsTopic.name)
  async onSetting(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== SettingUpdated.type) return;
    const data = event.data as EventData<typeof SettingUpdated>;
    await this.projections.updateSetting(event.companyId, data.key, data.value);
  }

  @EventPattern<string>(TicketsQueueTopic.name)
  async onQueue(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type === 'tickets.queue.deleted') {
      await this.projections.deleteQueue(event.companyId, (event.data as { id: number }).id);
      return;
    }
    await this.projections.upsertQueue(event.data as EventData<typeof QueueCreated>);
  }
}
