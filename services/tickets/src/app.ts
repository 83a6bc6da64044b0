import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type TicketsConfig, TicketsEnvSchema } from './config/env.js';
import { createTicketsDataSource } from './database/data-source.js';
import { AssistModule } from './modules/assist/assist.module.js';
import { CampaignHistoryModule } from './modules/campaign-history/campaign-history.module.js';
import { ChatsModule } from './modules/chats/chats.module.js';
import { ChatbotModule } from './modules/chatbot/chatbot.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { ExternalApiModule } from './modules/external-api/external-api.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { MessageTemplatesModule } from './modules/message-templates/message-templates.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { ProjectionsModule } from './modules/projections/projections.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { PromptsModule } from './modules/prompts/prompts.module.js';
import { QueueIntegrationsModule } from './modules/queue-integrations/queue-integrations.module.js';
import { QueuesModule } from './modules/queues/queues.module.js';
import { QuickMessagesModule } from './modules/quick-messages/quick-messages.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { SchedulesModule } from './modules/schedules/schedules.module.js';
import { ServiceLevelsModule } from './modules/service-levels/service-levels.module.js';
import { TagsModule } from './modules/tags/tags.module.js';
import { TicketNotesModule } from './modules/ticket-notes/ticket-notes.module.js';
import { TicketsModule } from './modules/ticket-actions/tickets.module.js';

@Module({})
export class TicketsAppModule {
  static forRoot(config: TicketsConfig, logger: Parameters<typeof PlatformModule.forRoot>[0]['logger']): DynamicModule {
    return {
      module: TicketsAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'tickets',
          config,
          logger,
          database: () => createTicketsDataSource(config),
          events: { consumerGroup: 'tickets.main', persistence: 'database' },
          jobs: { schema: 'tickets_jobs' },
        }),
        ProjectionsModule,
        TicketsModule,
        MessagesModule,
        MessageTemplatesModule,
        MediaModule,
        QueuesModule,
        ChatbotModule,
        TagsModule,
        QuickMessagesModule,
        TicketNotesModule,
        SchedulesModule,
        ChatsModule,
        DashboardModule,
        ReportsModule,
        ServiceLevelsModule,
        PromptsModule,
        QueueIntegrationsModule,
        ExternalApiModule,
        CampaignHistoryModule,
        AssistModule,
        PrivacyModule,
      ],
    };
  }
}

export const ticketsService: ServiceDefinition<typeof TicketsEnvSchema> = {
  name: 'tickets',
  envSchema: TicketsEnvSchema,
  rootModule: (config, logger) => TicketsAppModule.forRoot(config, logger),
  port: (config) => config.TICKETS_PORT,
  bodyLimit: '10mb',
};
