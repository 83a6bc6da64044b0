import { Injectable } from '@nestjs/common';
import type { QuickMessageSnapshot } from '@cs/proto/events';
import type { QuickMessageView } from '@cs/proto/http';
import { MediaStorage } from '../media/media.storage.js';
import type { QuickMessageRow } from './quick-messages.repository.js';

export type { QuickMessageView };

@Injectable()
export class QuickMessagesMapper {
  constructor(private readonly media: MediaStorage) {}

  snapshot(row: QuickMessageRow): QuickMessageSnapshot {
    return {
      id: row.id,
      companyId: row.companyId,
      userId: row.userId,
      shortcode: row.shortcode,
      message: row.message,
      mediaPath: row.mediaPath ? this.media.urlOf(row.mediaPath) : null,
      mediaName: row.mediaName,
      geral: row.geral,
    };
  }

  view(row: QuickMessageRow): QuickMessageView {
    return {
      ...this.snapshot(row),
      isMedia: row.mediaPath !== null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
