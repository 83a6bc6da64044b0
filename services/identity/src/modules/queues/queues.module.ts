import { Module } from '@nestjs/common';
import { QueuesConsumer } from './queues.consumer.js';
import { ApplyQueueChangeUseCase } from './use-cases/apply-queue-change.use-case.js';

@Module({ controllers: [QueuesConsumer], providers: [ApplyQueueChangeUseCase] })
export class QueuesModule {}
