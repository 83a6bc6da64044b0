import { Controller } from '@nestjs/common';
import { OnTopic } from '@cs/platform/events/transport';
import { assertUnreachable } from '@cs/proto/common';
import {
  IdentityCompanyTopic,
  IdentityPlanTopic,
  IdentitySettingsTopic,
  TicketsQueueTopic,
  type TypedEvent,
} from '@cs/proto/events';
import { ProjectionsRepository } from './projections.repository.js';

/** Keeps the local projections of companies (plan limit, settings) and queues up to date. */
@Controller()
export class ProjectionsConsumer {
  constructor(private readonly projections: ProjectionsRepository) {}

  @OnTopic(IdentityCompanyTopic)
  async onCompany(event: TypedEvent<typeof IdentityCompanyTopic>): Promise<void> {
    if (event.type === 'identity.company.deleted') {
      await this.projections.deleteCompany(event.companyId);
      return;
    }
    const company = event.data;
    await this.projections.upsertCompany(company.id, company.plan?.connections ?? null, {
      ...company.settings,
      ...(company.plan ? { __planId: String(company.plan.id) } : {}),
    });
  }

  @OnTopic(IdentityPlanTopic)
  async onPlan(event: TypedEvent<typeof IdentityPlanTopic>): Promise<void> {
    switch (event.type) {
      case 'identity.plan.updated':
        await this.projections.applyPlanLimit(event.data.id, event.data.connections);
        return;
      case 'identity.plan.created': // no company uses it yet
      case 'identity.plan.deleted': // only a plan no company uses can be deleted
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(IdentitySettingsTopic)
  async onSetting(event: TypedEvent<typeof IdentitySettingsTopic>): Promise<void> {
    await this.projections.updateSetting(event.companyId, event.data.key, event.data.value);
  }

  @OnTopic(TicketsQueueTopic)
  async onQueue(event: TypedEvent<typeof TicketsQueueTopic>): Promise<void> {
    switch (event.type) {
      case 'tickets.queue.created':
      case 'tickets.queue.updated':
        await this.projections.upsertQueue(event.data);
        return;
      case 'tickets.queue.deleted':
        await this.projections.deleteQueue(event.companyId, event.data.id);
        return;
      default:
        assertUnreachable(event);
    }
  }
}
