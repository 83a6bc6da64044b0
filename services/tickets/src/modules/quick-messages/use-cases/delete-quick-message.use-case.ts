import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QuickMessageDeleted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { MediaStorage } from '../../media/media.storage.js';
import { assertMayEdit } from '../quick-messages.errors.js';
import { QuickMessagesRepository } from '../quick-messages.repository.js';

/** `DELETE /quick-messages/{id}`: by its author (or an admin, for a shared one); its media file goes too. */
@Injectable()
export class DeleteQuickMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly replies: QuickMessagesRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, id: number): Promise<void> {
    const mediaPath = await this.transactions.run(async () => {
      const reply = await this.replies.findVisible(companyId, identity.userId, id);
      if (!reply) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
      assertMayEdit(identity, reply);
      await this.replies.delete(companyId, id);
      await this.events.emit(QuickMessageDeleted, { companyId, key: id, data: { id, userId: reply.userId } });
      return reply.mediaPath;
    });
    await this.media.remove(mediaPath);
  }
}
