import { Global, Module } from '@nestjs/common';
import { WEBHOOK_SINKS } from '../../providers/provider.port.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { CommandsConsumer } from './commands.consumer.js';
import { SessionManager } from './session-manager.js';
import { SinkFactory } from './session-sink.js';
import { SessionsController } from './sessions.controller.js';
import { WebhookSinksService } from './webhook-sinks.js';

/** Sessions: ownership (leases, process registry), commands, sinks; `WEBHOOK_SINKS` for webhook providers. */
@Global()
@Module({
  imports: [ConnectionsModule, ProjectionsModule],
  controllers: [SessionsController, CommandsConsumer],
  providers: [
    SessionManager,
    SinkFactory,
    WebhookSinksService,
    { provide: WEBHOOK_SINKS, useExisting: WebhookSinksService },
  ],
  exports: [WEBHOOK_SINKS, SinkFactory, SessionManager],
})
export class SessionsModule {}
