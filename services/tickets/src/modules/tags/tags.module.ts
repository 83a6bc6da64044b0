import { Module } from '@nestjs/common';
import { TicketsDataModule } from '../tickets/tickets-data.module.js';
import { TagChanges } from './tag-changes.js';
import { TagsController } from './tags.controller.js';
import { TagsQueries } from './tags.queries.js';
import { TagsRepository } from './tags.repository.js';
import { TicketTagsController } from './ticket-tags.controller.js';
import { AddTicketTagUseCase } from './use-cases/add-ticket-tag.use-case.js';
import { CreateTagUseCase } from './use-cases/create-tag.use-case.js';
import { DeleteTagUseCase } from './use-cases/delete-tag.use-case.js';
import { RemoveKanbanTagsUseCase } from './use-cases/remove-kanban-tags.use-case.js';
import { SyncTicketTagsUseCase } from './use-cases/sync-ticket-tags.use-case.js';
import { UpdateTagUseCase } from './use-cases/update-tag.use-case.js';

/** Tags, the tags of tickets and the kanban lanes. */
@Module({
  imports: [TicketsDataModule],
  controllers: [TagsController, TicketTagsController],
  providers: [
    TagsRepository,
    TagsQueries,
    TagChanges,
    CreateTagUseCase,
    UpdateTagUseCase,
    DeleteTagUseCase,
    SyncTicketTagsUseCase,
    AddTicketTagUseCase,
    RemoveKanbanTagsUseCase,
  ],
})
export class TagsModule {}
