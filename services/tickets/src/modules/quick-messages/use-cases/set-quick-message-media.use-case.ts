import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { QuickMessageUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import { MediaStorage, type UploadedFile } from '../../media/media.storage.js';
import { assertMayEdit } from '../quick-messages.errors.js';
import { QuickMessagesMapper, type QuickMessageView } from '../quick-messages.mapper.js';
import { QuickMessagesRepository } from '../quick-messages.repository.js';

/**
 * `POST /quick-messages/{id}/media-upload {typeArch, file}` and `DELETE .../media-upload`: the reply's
 * attachment (spaces in its name become underscores). The replaced file is removed after commit.
 */
@Injectable()
export class SetQuickMessageMediaUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly replies: QuickMessagesRepository,
    private readonly mapper: QuickMessagesMapper,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    id: number,
    file: UploadedFile | undefined | null,
  ): Promise<QuickMessageView> {
    const existing = await this.replies.findVisible(companyId, identity.userId, id);
    if (!existing) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
    assertMayEdit(identity, existing);
    const stored = file === null ? null : await this.media.save(companyId, 'quick-messages', file);
    try {
      const { reply, replaced } = await this.transactions.run(async () => {
        const current = await this.replies.findVisible(companyId, identity.userId, id);
        if (!current) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
        const updated = await this.replies.setMedia(companyId, id, stored?.path ?? null, stored?.name ?? null);
        if (!updated) throw new DomainError('ERR_NO_QUICK_MESSAGE_FOUND');
        await this.events.emit(QuickMessageUpdated, { companyId, key: id, data: this.mapper.view(updated) });
        return { reply: updated, replaced: current.mediaPath };
      });
      await this.media.remove(replaced);
      return this.mapper.view(reply);
    } catch (error) {
      await this.media.remove(stored?.path ?? null);
      throw error;
    }
  }
}
