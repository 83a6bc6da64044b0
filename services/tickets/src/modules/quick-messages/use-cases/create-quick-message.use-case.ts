import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QuickMessageCreated } from '@cs/proto/events';
import { type QuickMessageBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { QuickMessagesMapper, type QuickMessageView } from '../quick-messages.mapper.js';
import { QuickMessagesRepository } from '../quick-messages.repository.js';

/** `POST /quick-messages`: a reply of the caller, personal unless `geral` (shared with the company). */
@Injectable()
export class CreateQuickMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly replies: QuickMessagesRepository,
    private readonly mapper: QuickMessagesMapper,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, body: QuickMessageBody): Promise<QuickMessageView> {
    return this.transactions.run(async () => {
      const reply = await this.replies.insert(companyId, identity.userId, {
        shortcode: body.shortcode,
        message: body.message ?? '',
        geral: body.geral ?? false,
      });
      await this.events.emit(QuickMessageCreated, { companyId, key: reply.id, data: this.mapper.view(reply) });
      return this.mapper.view(reply);
    });
  }
}
