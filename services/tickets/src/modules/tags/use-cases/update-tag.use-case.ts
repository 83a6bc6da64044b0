import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TagUpdated, type TagSnapshot } from '@cs/proto/events';
import { type TagBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { isAdmin } from '../../tickets/tickets.queries.js';
import { TagsRepository } from '../tags.repository.js';

/**
 * `PUT /tags/{id}`: name, colour and (admins only) the kanban flag. Ticket snapshots read the tag when they
 * are built, so lists show the new name and colour; `tickets.tag.updated` tells clients to refresh them.
 */
@Injectable()
export class UpdateTagUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tags: TagsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, tagId: number, body: Partial<TagBody>): Promise<TagSnapshot> {
    return this.transactions.run(async () => {
      const current = await this.tags.find(companyId, tagId);
      if (!current) throw new DomainError('ERR_NO_TAG_FOUND');
      await this.tags.update(companyId, tagId, {
        name: body.name ?? current.name,
        color: body.color ?? current.color,
        kanban: isAdmin(identity) && body.kanban !== undefined ? body.kanban : current.kanban === 1 ? 1 : 0,
      });
      const tag = await this.tags.find(companyId, tagId);
      if (!tag) throw new DomainError('ERR_NO_TAG_FOUND');
      await this.events.emit(TagUpdated, { companyId, key: tag.id, data: tag });
      return tag;
    });
  }
}
