import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { CampaignsShippingTopic, ShippingDelivered } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import type { ConsumedEvent } from '../consumed-event.js';
import {
  AppendCampaignMessageUseCase,
  CAMPAIGN_HISTORY_JOB,
  CAMPAIGN_HISTORY_RETRIES,
  type Delivered,
} from './use-cases/append-campaign-message.use-case.js';

/** Campaign messages WhatsApp accepted (`campaigns.shipping.v1`, ADR 0006) into the contacts' history. */
@Controller()
export class CampaignHistoryConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly append: AppendCampaignMessageUseCase,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<{ companyId: CompanyId; data: Delivered }>(
      CAMPAIGN_HISTORY_JOB,
      (job) => this.append.retry(asCompanyId(job.companyId), job.data),
      { retryLimit: CAMPAIGN_HISTORY_RETRIES, pollingIntervalSeconds: 1 },
    );
  }

  @EventPattern<string>(CampaignsShippingTopic.name)
  async onDelivered(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== ShippingDelivered.type) return;
    await this.append.execute(asCompanyId(event.companyId), event.data as Delivered);
  }
}
