import { Module } from '@nestjs/common';
import { ConnectionsConsumer } from './connections.consumer.js';
import { ApplyConnectionChangeUseCase } from './use-cases/apply-connection-change.use-case.js';

@Module({ controllers: [ConnectionsConsumer], providers: [ApplyConnectionChangeUseCase] })
export class ConnectionsModule {}
