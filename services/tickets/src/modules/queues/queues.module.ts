import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { ProjectionsModule } from '../projections/projections.module.js';
import { QueuesDataModule } from './queues-data.module.js';
import { QueueOptionsController } from './queue-options.controller.js';
import { QueuesController } from './queues.controller.js';
import { CreateQueueOptionUseCase } from './use-cases/create-queue-option.use-case.js';
import { CreateQueueUseCase } from './use-cases/create-queue.use-case.js';
import { DeleteQueueOptionUseCase } from './use-cases/delete-queue-option.use-case.js';
import { DeleteQueueUseCase } from './use-cases/delete-queue.use-case.js';
import { SetQueueMediaUseCase } from './use-cases/set-queue-media.use-case.js';
import { SetQueueOptionMediaUseCase } from './use-cases/set-queue-option-media.use-case.js';
import { UpdateQueueOptionUseCase } from './use-cases/update-queue-option.use-case.js';
import { UpdateQueueUseCase } from './use-cases/update-queue.use-case.js';

/** Queues (departments) and the option trees of their chatbot menus. */
@Module({
  imports: [MediaModule, ProjectionsModule, QueuesDataModule],
  controllers: [QueuesController, QueueOptionsController],
  providers: [
    CreateQueueUseCase,
    UpdateQueueUseCase,
    DeleteQueueUseCase,
    SetQueueMediaUseCase,
    CreateQueueOptionUseCase,
    UpdateQueueOptionUseCase,
    DeleteQueueOptionUseCase,
    SetQueueOptionMediaUseCase,
  ],
})
export class QueuesModule {}
