import { Module } from '@nestjs/common';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueuesController } from './queues.controller.js';

@Module({ controllers: [QueuesController, QueueOptionsController] })
export class QueuesModule {}
