import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { type ScheduleSnapshot, ScheduleUpdated } from '@cs/proto/events';
import { type ScheduleBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import { MediaStorage } from '../../media/media.storage.js';
import { assertOwnHeaderMedia, assertTemplateValues } from '../../messages/cloud-template.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { parseDateTime } from '../../time/local-time.js';
import { enqueueScheduleSend } from '../schedule-send-job.js';
import { SchedulesRepository } from '../schedules.repository.js';

/**
 * `PUT /schedules/{id}`: only while unsent (`sentAt` null), else `ERR_SCHEDULE_ALREADY_SENT`. A schedule that
 * failed (ERRO) is pending again once edited. A job is enqueued for the (new) time; the older one finds the
 * schedule not yet due and does nothing.
 */
@Injectable()
export class UpdateScheduleUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly schedules: SchedulesRepository,
    private readonly projections: ProjectionsRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    private readonly media: MediaStorage,
  ) {}

  async execute(companyId: CompanyId, id: number, body: Partial<ScheduleBody>): Promise<ScheduleSnapshot> {
    if (body.contactId !== undefined) await this.projections.awaitContact(body.contactId);
    return this.transactions.run(async () => {
      const current = await this.schedules.find(companyId, id, { lock: true });
      if (!current) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      if (current.sentAt !== null || current.status === 'ENVIADA') throw new DomainError('ERR_SCHEDULE_ALREADY_SENT');
      let sendAt = new Date(current.sendAt);
      if (body.sendAt !== undefined) {
        const company = await this.projections.company(companyId);
        const parsed = parseDateTime(body.sendAt, company.timezone);
        if (!parsed) throw validationError([{ path: 'sendAt', message: 'Obrigatório' }]);
        sendAt = parsed;
      }
      if (body.contactId !== undefined && !(await this.projections.contact(companyId, body.contactId))) {
        throw new DomainError('ERR_NO_CONTACT_FOUND');
      }
      if (body.template) {
        assertTemplateValues(body.template);
        assertOwnHeaderMedia(body.template, (url) => this.media.isOtherCompanys(companyId, url));
      }
      if (body.whatsappId && !(await this.projections.connection(companyId, body.whatsappId))) {
        throw new DomainError('ERR_NO_WAPP_FOUND');
      }
      await this.schedules.patch(companyId, id, {
        body: body.body ?? current.body,
        ...(body.template === undefined ? {} : { template: body.template }),
        ...(body.whatsappId === undefined ? {} : { whatsappId: body.whatsappId }),
        contactId: body.contactId ?? current.contactId,
        sendAt,
        status: 'PENDENTE',
        error: null,
      });
      await enqueueScheduleSend(this.jobs, companyId, id, sendAt);
      const schedule = await this.schedules.find(companyId, id);
      if (!schedule) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      await this.events.emit(ScheduleUpdated, { companyId, key: id, data: schedule });
      return schedule;
    });
  }
}
