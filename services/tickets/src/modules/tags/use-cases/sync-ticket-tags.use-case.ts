import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { TicketSnapshot } from '@cs/proto/events';
import { type SyncTagsInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { TagChanges } from '../tag-changes.js';
import { TagsRepository } from '../tags.repository.js';

/** `POST /tags/sync {ticketId, tags}`: the ticket's tags become exactly these (the chat header's tag editor). */
@Injectable()
export class SyncTicketTagsUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketQueries: TicketsQueries,
    private readonly tags: TagsRepository,
    private readonly changes: TagChanges,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, input: SyncTagsInput): Promise<TicketSnapshot> {
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, input.ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.ticketQueries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      const wanted = [...new Set(input.tags)];
      if ((await this.tags.findMany(companyId, wanted)).length !== wanted.length) {
        throw new DomainError('ERR_NO_TAG_FOUND');
      }
      const current = await this.tags.tagIdsOf(companyId, ticket.id);
      const removed = await this.tags.unlink(
        companyId,
        ticket.id,
        current.filter((id) => !wanted.includes(id)),
      );
      const added = await this.tags.link(
        companyId,
        ticket.id,
        wanted.filter((id) => !current.includes(id)),
      );
      if (removed.length === 0 && added.length === 0) {
        const snapshot = await this.tickets.snapshot(companyId, ticket.id);
        if (!snapshot) throw new DomainError('ERR_NO_TICKET_FOUND');
        return snapshot;
      }
      return this.changes.ticketTagsChanged(companyId, ticket, [...removed, ...added]);
    });
  }
}
