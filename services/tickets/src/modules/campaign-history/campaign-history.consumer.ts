import { Controller, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId, assertUnreachable, type CompanyId } from '@cs/proto/common';
import { CampaignsShippingTopic, type TypedEvent } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { JobsService } from '@cs/platform/jobs';
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

  @OnTopic(CampaignsShippingTopic)
  async onDelivered(event: TypedEvent<typeof CampaignsShippingTopic>): Promise<void> {
    // one event type on this topic: the switch fails to compile when another is added
    switch (event.type) {
      case 'campaigns.shipping.delivered':
        await this.append.execute(asCompanyId(event.companyId), event.data);
        return;
      default:
        assertUnreachable(event.type);
    }
  }
}
