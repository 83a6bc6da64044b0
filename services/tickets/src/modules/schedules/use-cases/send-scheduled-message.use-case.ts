import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ERROR_CATALOGUE, type ErrorCode } from '@cs/proto/errors';
import { ScheduleUpdated } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import { mimeOf } from '../../messages/mime-types.js';
import { MediaStorage } from '../../media/media.storage.js';
import { renderTemplateSend } from '../../messages/cloud-template.js';
import { renderTemplate } from '../../messages/message-template.js';
import { OutboundService } from '../../messages/outbound.service.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import { enqueueScheduleSend } from '../schedule-send-job.js';
import { SchedulesRepository } from '../schedules.repository.js';

/**
 * Sends a due schedule (its pg-boss job): through the contact's ticket on the schedule's connection when it has
 * one, else through the contact's open or pending ticket if there is one, else through its ticket on the
 * company's default connection; the ticket is created when needed. Free text on a Cloud API connection outside
 * the contact's 24-hour window is not sent (ERRO; a template is). A ticket that was closed (or
 * new) opens for the schedule's author, as when an agent starts a conversation (pending when the author is
 * gone). A schedule with a Cloud API template sends Meta's template payload (its values rendered for the contact)
 * and stores the template's text. The message is stored in the ticket's history like any reply and the schedule becomes ENVIADA with
 * `sentAt`; when it cannot be sent (no connection, contact deleted, window closed) it becomes ERRO with the reason, and a
 * failure reported by the connector later turns it to ERRO too.
 */
@Injectable()
export class SendScheduledMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly schedules: SchedulesRepository,
    private readonly tickets: TicketsRepository,
    private readonly projections: ProjectionsRepository,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
    private readonly ticketEvents: TicketEvents,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
  ) {}

  async execute(companyId: CompanyId, scheduleId: number): Promise<void> {
    await this.transactions.run(async () => {
      const schedule = await this.schedules.find(companyId, scheduleId, { lock: true });
      if (!schedule || schedule.status !== 'PENDENTE' || schedule.sentAt !== null) return;
      const sendAt = new Date(schedule.sendAt);
      if (sendAt.getTime() > Date.now()) {
        // moved to a later time after this job was enqueued (or the clocks disagree by a hair): wait for it
        await enqueueScheduleSend(this.jobs, companyId, scheduleId, sendAt);
        return;
      }
      const contact = await this.projections.contact(companyId, schedule.contactId);
      if (!contact) return this.fail(companyId, scheduleId, 'ERR_NO_CONTACT_FOUND');

      // the chosen connection's ticket of the contact, else the contact's open or pending one, else the default's
      const chosen = schedule.whatsappId ? await this.projections.connection(companyId, schedule.whatsappId) : null;
      if (schedule.whatsappId && !chosen) return this.fail(companyId, scheduleId, 'ERR_NO_WAPP_FOUND');
      let ticket = chosen
        ? await this.tickets.findByContact(companyId, contact.id, chosen.id, { lock: true })
        : await this.tickets.findActiveOfContact(companyId, contact.id);
      let whatsappId = chosen?.id ?? ticket?.whatsappId ?? null;
      if (whatsappId === null) {
        const connection = await this.projections.defaultConnection(companyId, []);
        if (!connection) return this.fail(companyId, scheduleId, 'ERR_NO_DEF_WAPP_FOUND');
        whatsappId = connection.id;
        ticket = await this.tickets.findByContact(companyId, contact.id, connection.id, { lock: true });
      }
      if (!schedule.template && !(await this.outbound.withinServiceWindow(companyId, whatsappId, ticket?.id ?? null))) {
        return this.fail(companyId, scheduleId, 'ERR_OUTSIDE_SERVICE_WINDOW');
      }
      let created = false;
      const previous = ticket && ticket.status !== 'closed' ? placementOf(ticket) : null;
      if (!ticket || ticket.status === 'closed') {
        const found = await this.tickets.findOrCreate(companyId, {
          contactId: contact.id,
          whatsappId,
          chatJid: `${contact.number}@${contact.isGroup ? 'g.us' : 's.whatsapp.net'}`,
          isGroup: contact.isGroup,
          status: 'pending',
        });
        created = found.created;
        ticket = await this.openFor(companyId, found.ticket, schedule.userId);
      }

      const company = await this.projections.company(companyId);
      const context = { contactName: contact.name, now: new Date(), timeZone: company.timezone };
      const fileName = schedule.mediaName ?? schedule.mediaPath?.split('/').pop() ?? null;
      const message = await this.outbound.send(companyId, ticket, {
        ...(schedule.template
          ? renderTemplateSend(schedule.template, context)
          : { body: renderTemplate(schedule.body, context) }),
        media:
          schedule.mediaPath && fileName
            ? { url: this.media.urlOf(schedule.mediaPath), mimeType: mimeOf(fileName), fileName }
            : null,
        isBot: false,
        userId: schedule.userId,
      });
      await this.schedules.patch(companyId, scheduleId, {
        status: 'ENVIADA',
        sentAt: new Date(),
        ticketId: ticket.id,
        messageId: message.id,
        error: null,
      });
      await this.announce(companyId, scheduleId);
      if (created) await this.ticketEvents.created(companyId, ticket.id);
      else await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }

  /** A closed or new ticket opens for the schedule's author (a new attendance cycle), or waits as pending. */
  private async openFor(companyId: CompanyId, ticket: TicketRow, authorId: number | null): Promise<TicketRow> {
    if (ticket.status === 'open') return ticket;
    const author = authorId === null ? null : await this.projections.user(companyId, authorId);
    const opened = await this.tickets.patch(companyId, ticket.id, {
      status: author ? 'open' : 'pending',
      userId: author?.id ?? null,
      chatbot: false,
      queueOptionId: null,
      botMenuCount: 0,
    });
    const cycle = await this.tickets.openCycle(companyId, opened);
    await this.tickets.patchCycle(companyId, cycle.id, {
      userId: opened.userId,
      queuedAt: 'now',
      ...(author ? { startedAt: 'now' as const } : {}),
    });
    return opened;
  }

  /** The schedule cannot be sent: ERRO, with the reason in the catalogue's words. */
  private async fail(companyId: CompanyId, scheduleId: number, code: ErrorCode): Promise<void> {
    await this.schedules.patch(companyId, scheduleId, { status: 'ERRO', error: ERROR_CATALOGUE[code].message });
    await this.announce(companyId, scheduleId);
  }

  private async announce(companyId: CompanyId, scheduleId: number): Promise<void> {
    const schedule = await this.schedules.find(companyId, scheduleId);
    if (schedule) await this.events.emit(ScheduleUpdated, { companyId, key: scheduleId, data: schedule });
  }
}
