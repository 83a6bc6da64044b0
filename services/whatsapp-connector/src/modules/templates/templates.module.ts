import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '@cs/platform/config';
import type { ConnectorConfig } from '../../config/env.js';
import { GraphClient } from '../../providers/cloud-api/graph.client.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { CLOUD_API_TEMPLATE_STATUSES } from '../../providers/cloud-api/cloud-api.webhooks.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/** Cloud API message templates; `CLOUD_API_TEMPLATE_STATUSES` for the webhook's status changes. */
@Global()
@Module({
  imports: [ConnectionsModule],
  controllers: [TemplatesController],
  providers: [
    { provide: GraphClient, useFactory: (config: ConnectorConfig) => new GraphClient(config), inject: [APP_CONFIG] },
    TemplatesRepository,
    TemplatesService,
    { provide: CLOUD_API_TEMPLATE_STATUSES, useExisting: TemplatesService },
  ],
  exports: [CLOUD_API_TEMPLATE_STATUSES, TemplatesRepository],
})
export class TemplatesModule {}
