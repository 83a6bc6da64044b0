import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module.js';
import { SessionNudge } from '../sessions/session-nudge.js';
import { ConnectionEvents } from './connection-events.js';
import { ConnectionsController } from './connections.controller.js';
import { ConnectionsQueries } from './connections.queries.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionAnnouncer } from './connection-announcer.js';
import { DeleteConnectionUseCase } from './use-cases/delete-connection.use-case.js';
import { SaveConnectionUseCase } from './use-cases/save-connection.use-case.js';

@Module({
  imports: [ProjectionsModule],
  controllers: [ConnectionsController],
  providers: [
    SessionNudge,
    ConnectionsRepository,
    ConnectionsQueries,
    ConnectionEvents,
    SaveConnectionUseCase,
    DeleteConnectionUseCase,
    ConnectionAnnouncer,
  ],
  exports: [ConnectionsRepository, ConnectionEvents, SessionNudge],
})
export class ConnectionsModule {}
