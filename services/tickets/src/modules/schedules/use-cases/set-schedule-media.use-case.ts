import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type ScheduleSnapshot, ScheduleUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { IMAGE_TYPES, MediaStorage, type UploadedFile } from '../../media/media.storage.js';
import { SCHEDULE_MEDIA_EXTENSIONS } from '../schedules.dto.js';
import { SchedulesRepository } from '../schedules.repository.js';

/**
 * `POST /schedules/{id}/media-upload` (a .png, .jpg or .jpeg image) and `DELETE .../media-upload`: the picture
 * sent with the message (its text as the caption). Only while unsent.
 */
@Injectable()
export class SetScheduleMediaUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly schedules: SchedulesRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, id: number, file: UploadedFile | undefined | null): Promise<ScheduleSnapshot> {
    const existing = await this.schedules.find(companyId, id);
    if (!existing) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
    if (existing.sentAt !== null || existing.status === 'ENVIADA') throw new DomainError('ERR_SCHEDULE_ALREADY_SENT');
    if (file && !SCHEDULE_MEDIA_EXTENSIONS.test(file.originalname)) throw new DomainError('ERR_UNSUPPORTED_MEDIA_TYPE');
    const stored = file === null ? null : await this.media.save(companyId, 'schedules', file, IMAGE_TYPES);
    try {
      const { schedule, replaced } = await this.transactions.run(async () => {
        const current = await this.schedules.find(companyId, id, { lock: true });
        if (!current) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
        if (current.sentAt !== null || current.status === 'ENVIADA') {
          throw new DomainError('ERR_SCHEDULE_ALREADY_SENT');
        }
        await this.schedules.patch(companyId, id, { mediaPath: stored?.path ?? null, mediaName: stored?.name ?? null });
        const updated = await this.schedules.find(companyId, id);
        if (!updated) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
        await this.events.emit(ScheduleUpdated, { companyId, key: id, data: updated });
        return { schedule: updated, replaced: current.mediaPath };
      });
      await this.media.remove(replaced);
      return schedule;
    } catch (error) {
      await this.media.remove(stored?.path ?? null);
      throw error;
    }
  }
}
