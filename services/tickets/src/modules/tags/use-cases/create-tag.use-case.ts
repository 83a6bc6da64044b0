import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TagCreated, type TagSnapshot } from '@cs/proto/events';
import { type TagBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { isAdmin } from '../../tickets/tickets.queries.js';
import { TagsRepository } from '../tags.repository.js';

export const DEFAULT_TAG_COLOR = '#5C59A0';

/** `POST /tags`. Only admins make a tag a kanban lane (the spec shows the toggle to them only). */
@Injectable()
export class CreateTagUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tags: TagsRepository,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, body: TagBody): Promise<TagSnapshot> {
    return this.transactions.run(async () => {
      const id = await this.tags.insert(companyId, {
        name: body.name,
        color: body.color ?? DEFAULT_TAG_COLOR,
        kanban: isAdmin(identity) ? (body.kanban ?? 0) : 0,
        userId: identity.userId,
      });
      const tag = await this.tags.find(companyId, id);
      if (!tag) throw new DomainError('ERR_NO_TAG_FOUND');
      await this.events.emit(TagCreated, { companyId, key: tag.id, data: tag });
      return tag;
    });
  }
}
