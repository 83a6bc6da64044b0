import { Injectable } from '@nestjs/common';
import type { QuickMessageSnapshot } from '@cs/proto/events';
import { MediaStorage } from '../media/media.storage.js';
import type { QuickMessageRow } from './quick-messages.repository.js';

/** A quick reply as clients read it: `mediaPath` is the file's URL (the message input fetches it to send it). */
export type QuickMessageView = QuickMessageSnapshot & { isMedia: boolean; createdAt: string; updatedAt: string };

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
