import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QuickMessageUpdated } from '@cs/proto/events';
import { type QuickMessageBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { assertMayEdit } from '../quick-messages.errors.js';
import { QuickMessagesMapper, type QuickMessageView } from '../quick-messages.mapper.js';
import { QuickMessagesRepository } from '../quick-messages.repository.js';

/** `PUT /quick-messages/{id}`: by its author (or an admin, for a shared one). */
@Injectable()
export class UpdateQuickMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly replies: QuickMessagesRepository,
    private readonly mapper: QuickMessagesMapper,
    private readonly events: EventPublisher,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    id: number,
    body: Partial<QuickMessageBody>,
  ): Promise<QuickMessageView> {
    return this.transactions.run(async () => {
      const current = await this.replies.findVisible(companyId, identity.userId, id);
      if (!current) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
      assertMayEdit(identity, current);
      const reply = await this.replies.update(companyId, id, {
        shortcode: body.shortcode ?? current.shortcode,
        message: body.message ?? current.message,
        geral: body.geral ?? current.geral,
      });
      if (!reply) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
      await this.events.emit(QuickMessageUpdated, { companyId, key: reply.id, data: this.mapper.view(reply) });
      return this.mapper.view(reply);
    });
  }
}
