import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { MarkChatRead } from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';
import { MessagesRepository } from './messages.repository.js';
import { renderTemplate } from './message-template.js';
import { OutboundService } from './outbound.service.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { TicketEvents } from '../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository, type TrackingRow } from '../tickets/tickets.repository.js';

export const RATING_PROMPT =
  'Digite de 1 à 3 para qualificar nosso atendimento:\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_';

/**
 * The transitions shared by the HTTP use-cases, the inbound path and the timers: closing (with the rating
 * request or the completion message), finishing a rating, marking a ticket read, and automatic messages.
 */
@Injectable()
export class TicketLifecycle {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly messages: MessagesRepository,
    private readonly outbound: OutboundService,
    private readonly projections: ProjectionsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly events: EventPublisher,
  ) {}

  /** Sends an automatic message (variables rendered in the company's time zone), stored and flagged as bot. */
  async say(companyId: CompanyId, ticketId: number, text: string, userId: number | null = null): Promise<void> {
    if (!text.trim()) return;
    const ticket = await this.tickets.find(companyId, ticketId);
    if (!ticket) return;
    const [company, contact] = await Promise.all([
      this.projections.company(companyId),
      this.projections.contact(companyId, ticket.contactId),
    ]);
    const body = renderTemplate(text.trim(), {
      contactName: contact?.name ?? '',
      now: new Date(),
      timeZone: company.timezone,
    });
    await this.outbound.send(companyId, ticket, { body, isBot: true, userId });
  }

  /**
   * Closes a ticket. A person closing it with `userRating` enabled (not a group) sends the rating request and
   * leaves the cycle open until the answer; otherwise the connection's completion message is sent and the
   * cycle ends. The inactivity timer sends `expiresInactiveMessage` instead and never asks for a rating.
   */
  async close(
    companyId: CompanyId,
    ticket: TicketRow,
    options: { userId: number | null; inactivityMessage?: string },
  ): Promise<void> {
    const [company, connection] = await Promise.all([
      this.projections.company(companyId),
      this.projections.connection(companyId, ticket.whatsappId),
    ]);
    const cycle = await this.tickets.openCycle(companyId, ticket);
    const auto = options.inactivityMessage !== undefined;
    const askRating = !auto && !ticket.isGroup && company.settings['userRating'] === 'enabled';
    if (auto) {
      await this.say(companyId, ticket.id, options.inactivityMessage ?? '');
    } else if (askRating) {
      const intro = connection?.ratingMessage.trim();
      await this.say(companyId, ticket.id, intro ? `${intro}\n\n${RATING_PROMPT}` : RATING_PROMPT);
    } else {
      await this.say(companyId, ticket.id, connection?.complationMessage ?? '');
    }
    await this.tickets.patch(companyId, ticket.id, {
      status: 'closed',
      chatbot: false,
      queueOptionId: null,
      useIntegration: false,
      promptId: null,
      integrationId: null,
      unreadMessages: 0,
    });
    const userId = options.userId ?? ticket.userId;
    if (askRating) {
      await this.tickets.patchCycle(companyId, cycle.id, { userId, ratingAt: 'now' });
    } else {
      await this.tickets.patchCycle(companyId, cycle.id, { userId, finishedAt: 'now' });
    }
  }

  /** The customer answered the rating request with 1 to 3: record it, thank them, end the cycle. */
  async finishRating(companyId: CompanyId, ticket: TicketRow, cycle: TrackingRow, rate: number): Promise<void> {
    await this.tickets.addRating(companyId, ticket.id, cycle.id, cycle.userId, rate);
    await this.tickets.patchCycle(companyId, cycle.id, { finishedAt: 'now', rated: true, rate });
    const connection = await this.projections.connection(companyId, ticket.whatsappId);
    await this.say(companyId, ticket.id, connection?.complationMessage ?? '');
  }

  /** Marks a ticket's messages read: unread count 0, blue ticks on the phone, `updateUnread` for the lists. */
  async markRead(companyId: CompanyId, ticket: TicketRow): Promise<void> {
    const waIds = await this.messages.markRead(companyId, ticket.id);
    if (waIds.length > 0) {
      await this.events.emit(MarkChatRead, {
        companyId,
        key: ticket.whatsappId,
        data: { commandId: randomUUID(), connectionId: ticket.whatsappId, chatJid: ticket.chatJid, messageIds: waIds },
      });
    }
    if (ticket.unreadMessages > 0 || waIds.length > 0) {
      await this.tickets.patch(companyId, ticket.id, { unreadMessages: 0, touch: false });
      await this.ticketEvents.unreadReset(companyId, ticket);
    }
  }
}
