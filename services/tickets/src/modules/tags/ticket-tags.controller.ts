import { Controller, Delete, Param, Put } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import { IdPipe } from '@cs/platform/http';
import { CompanyIdParam, CurrentIdentity, type Identity, RequiresPlanFlag } from '@cs/platform/tenancy';
import { AddTicketTagUseCase } from './use-cases/add-ticket-tag.use-case.js';
import { RemoveKanbanTagsUseCase } from './use-cases/remove-kanban-tags.use-case.js';

/** `/ticket-tags`: the kanban's moves (out of a lane, into a lane). */
@Controller('ticket-tags')
@RequiresPlanFlag('useKanban')
export class TicketTagsController {
  constructor(
    private readonly addTag: AddTicketTagUseCase,
    private readonly removeKanbanTags: RemoveKanbanTagsUseCase,
  ) {}

  @Put(':ticketId/:tagId')
  async add(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
    @Param('tagId', new IdPipe('ERR_NO_TAG_FOUND')) tagId: number,
  ): Promise<{ message: string; ticket: TicketSnapshot }> {
    const ticket = await this.addTag.execute(companyId, identity, ticketId, tagId);
    return { message: 'Ticket tag added successfully.', ticket };
  }

  @Delete(':ticketId')
  async remove(
    @CompanyIdParam() companyId: CompanyId,
    @CurrentIdentity() identity: Identity,
    @Param('ticketId', new IdPipe('ERR_NO_TICKET_FOUND')) ticketId: number,
  ): Promise<{ message: string; ticket: TicketSnapshot }> {
    const ticket = await this.removeKanbanTags.execute(companyId, identity, ticketId);
    return { message: 'Ticket tags removed successfully.', ticket };
  }
}
