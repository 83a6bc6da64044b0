import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ScheduleCreated, type ScheduleSnapshot } from '@cs/proto/events';
import { type ScheduleBody } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError, validationError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import type { Identity } from '@cs/platform/tenancy';
import { MediaStorage } from '../../media/media.storage.js';
import { assertOwnHeaderMedia, assertTemplateValues } from '../../messages/cloud-template.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { parseDateTime } from '../../time/local-time.js';
import { enqueueScheduleSend } from '../schedule-send-job.js';
import { SchedulesRepository } from '../schedules.repository.js';

/**
 * `POST /schedules`: a message to a contact at a time (PENDENTE), with its send job; with a Cloud API `template`,
 * its values must fit it. A time already past is
 * sent at once (upstream skipped those).
 */
@Injectable()
export class CreateScheduleUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly schedules: SchedulesRepository,
    private readonly projections: ProjectionsRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
    private readonly media: MediaStorage,
  ) {}

  async execute(companyId: CompanyId, identity: Identity, body: ScheduleBody): Promise<ScheduleSnapshot> {
    await this.projections.awaitContact(body.contactId);
    return this.transactions.run(async () => {
      const company = await this.projections.company(companyId);
      const sendAt = parseDateTime(body.sendAt, company.timezone);
      if (!sendAt) throw validationError([{ path: 'sendAt', message: 'Obrigatório' }]);
      if (!(await this.projections.contact(companyId, body.contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
      if (body.template) {
        assertTemplateValues(body.template);
        assertOwnHeaderMedia(body.template, (url) => this.media.isOtherCompanys(companyId, url));
      }
      if (body.whatsappId && !(await this.projections.connection(companyId, body.whatsappId))) {
        throw new DomainError('ERR_NO_WAPP_FOUND');
      }
      const id = await this.schedules.insert(companyId, {
        body: body.body,
        sendAt,
        contactId: body.contactId,
        ticketId: null,
        userId: identity.userId,
        template: body.template ?? null,
        whatsappId: body.whatsappId ?? null,
      });
      await enqueueScheduleSend(this.jobs, companyId, id, sendAt);
      const schedule = await this.schedules.find(companyId, id);
      if (!schedule) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
      await this.events.emit(ScheduleCreated, { companyId, key: id, data: schedule });
      return schedule;
    });
  }
}
