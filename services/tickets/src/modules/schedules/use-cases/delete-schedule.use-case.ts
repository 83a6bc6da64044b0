import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ScheduleDeleted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { MediaStorage } from '../../media/media.storage.js';
import { SchedulesRepository } from '../schedules.repository.js';

/** `DELETE /schedules/{id}`: an unsent one is cancelled (its job finds nothing); a sent one leaves the list. */
@Injectable()
export class DeleteScheduleUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly schedules: SchedulesRepository,
    private readonly media: MediaStorage,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, id: number): Promise<void> {
    const mediaPath = await this.transactions.run(async () => {
      const schedule = await this.schedules.find(companyId, id, { lock: true });
      if (!schedule) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      await this.schedules.delete(companyId, id);
      await this.events.emit(ScheduleDeleted, { companyId, key: id, data: { id } });
      return schedule.mediaPath;
    });
    await this.media.remove(mediaPath);
  }
}
