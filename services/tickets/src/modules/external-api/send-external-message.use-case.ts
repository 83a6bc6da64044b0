import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId } from '@cs/proto/common';
import { CheckNumbers, EnsureContact, type TemplateMediaParameter, type TemplateSend } from '@cs/proto/events';
import type { ExternalSendRequest } from '@cs/proto/http';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import { EventPublisher } from '@cs/platform/events';
import type { TicketsConfig } from '../../config/env.js';
import { MediaStorage, type UploadedFile } from '../media/media.storage.js';
import { renderTemplate } from '../messages/message-template.js';
import { OutboundService } from '../messages/outbound.service.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import { REOPENED, TicketsRepository } from '../tickets/tickets.repository.js';
import { ExternalApiRepository } from './external-api.repository.js';

export const SENT = { mensagem: 'Mensagem enviada' } as const;

/** WhatsApp still knows many Brazilian mobiles by their eight-digit number; contacts keeps them with the 9. */
export function numberSpellings(digits: string): string[] {
  const spellings = new Set([digits]);
  if (/^55[1-9]{2}[6-9]\d{7}$/.test(digits)) spellings.add(`${digits.slice(0, 4)}9${digits.slice(4)}`);
  if (/^55[1-9]{2}9[6-9]\d{7}$/.test(digits)) spellings.add(`${digits.slice(0, 4)}${digits.slice(5)}`);
  return [...spellings];
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `POST /api/messages/send` once the token is known (reference §2.13, without its bugs): the number is checked on
 * WhatsApp through the token's own connection, the contact found or created (by contacts), the ticket of the
 * contact on that connection found or created (pending; a closed one reopens), every message stored and sent
 * through the durable outbound path, the ticket optionally closed (rating/completion messages apply), and its
 * messages marked read.
 */
@Injectable()
export class SendExternalMessageUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly store: ExternalApiRepository,
    private readonly events: EventPublisher,
    private readonly projections: ProjectionsRepository,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly lifecycle: TicketLifecycle,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
  ) {}

  async execute(
    companyId: CompanyId,
    connectionId: number,
    input: ExternalSendRequest,
    files: readonly UploadedFile[],
  ): Promise<typeof SENT> {
    if (input.template && files.length > 0) {
      throw new DomainError('ERR_VALIDATION', {
        details: [{ path: 'template', message: 'Um modelo não leva arquivos.' }],
      });
    }
    if (!input.body.trim() && files.length === 0 && !input.template) {
      throw new DomainError('ERR_VALIDATION', { details: [{ path: 'body', message: 'Obrigatório' }] });
    }
    const stored = await Promise.all(files.map((file) => this.media.save(companyId, 'messages', file)));
    const jid = await this.checkNumber(companyId, connectionId, input.number);
    const contactId = await this.contactOf(companyId, connectionId, jid);
    await this.transactions.run(async () => {
      const contact = await this.projections.contact(companyId, contactId);
      const company = await this.projections.company(companyId);
      const found = await this.tickets.findOrCreate(companyId, {
        contactId,
        whatsappId: connectionId,
        chatJid: jid,
        isGroup: false,
        status: 'pending',
      });
      let ticket = found.ticket;
      const previous = found.created ? null : placementOf(ticket);
      if (ticket.status === 'closed') {
        ticket = await this.tickets.patch(companyId, ticket.id, REOPENED);
      }
      // outside a Cloud API connection's 24-hour window only a template goes (the whole send is undone)
      if (!input.template) await this.outbound.assertServiceWindow(companyId, ticket);
      await this.tickets.openCycle(companyId, ticket);
      const body = renderTemplate(input.body, {
        contactName: contact?.name ?? '',
        now: new Date(),
        timeZone: company.timezone,
      });
      const context = { contactName: contact?.name ?? '', now: new Date(), timeZone: company.timezone };
      if (input.template) {
        await this.outbound.send(companyId, ticket, {
          body: body.trim() || input.template.name,
          isBot: true,
          userId: null,
          template: templateOf(input.template, (value) => renderTemplate(value, context)),
        });
      } else if (stored.length === 0) {
        await this.outbound.send(companyId, ticket, { body, isBot: true, userId: null });
      }
      for (const file of stored) {
        await this.outbound.send(companyId, ticket, {
          body: body || file.name,
          media: { url: this.media.urlOf(file.path), mimeType: file.mimeType, fileName: file.name },
          isBot: true,
          userId: null,
        });
      }
      ticket = (await this.tickets.find(companyId, ticket.id)) ?? ticket;
      if (input.closeTicket) await this.lifecycle.close(companyId, ticket, { userId: null });
      ticket = (await this.tickets.find(companyId, ticket.id)) ?? ticket;
      await this.lifecycle.markRead(companyId, ticket);
      if (found.created) await this.ticketEvents.created(companyId, ticket.id);
      else await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
    return SENT;
  }

  /** Asks the connector through the token's connection; WhatsApp's jid for the number, or 400 ERR_CHECK_NUMBER. */
  private async checkNumber(companyId: CompanyId, connectionId: number, number: string): Promise<string> {
    const commandId = uuidv7();
    await this.transactions.run(async () => {
      await this.store.recordCheck(companyId, commandId);
      await this.events.emit(CheckNumbers, {
        companyId,
        key: companyId,
        data: { commandId, connectionId, numbers: [number] },
      });
    });
    const answer = await this.waitFor(() => this.store.answerOf(companyId, commandId));
    if (!answer || answer.error) {
      throw new DomainError('ERR_WAPP_CHECK_CONTACT', { details: { reason: answer?.error ?? 'timeout' } });
    }
    const result = answer.results.find((entry) => entry.number === number);
    if (!result?.exists) throw new DomainError('ERR_CHECK_NUMBER');
    return result.jid ?? `${number}@s.whatsapp.net`;
  }

  /** The contact of the checked number: from the projection, or created by contacts on our command. */
  private async contactOf(companyId: CompanyId, connectionId: number, jid: string): Promise<number> {
    const digits = jid.split('@')[0]?.replace(/\D/g, '') ?? '';
    const spellings = numberSpellings(digits);
    const known = await this.store.contactByNumbers(companyId, spellings);
    if (known) return known;
    await this.transactions.run(() =>
      this.events.emit(EnsureContact, {
        companyId,
        key: companyId,
        data: { commandId: uuidv7(), connectionId, jid, number: digits },
      }),
    );
    const created = await this.waitFor(() => this.store.contactByNumbers(companyId, spellings));
    if (!created) throw new DomainError('ERR_SERVICE_UNAVAILABLE');
    return created;
  }

  private async waitFor<T>(read: () => Promise<T | null>): Promise<T | null> {
    const deadline = Date.now() + this.config.TICKETS_EXTERNAL_API_WAIT_MS;
    for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
      const value = await read();
      if (value !== null || Date.now() >= deadline) return value;
      await pause(Math.min(delay, Math.max(0, deadline - Date.now())));
    }
  }
}

/**
 * Meta's template shape for the connector, each text value with its message variables rendered: the header's text
 * or media, the body, and a `button` component (`sub_type: url`) per URL button suffix.
 */
function templateOf(
  template: NonNullable<ExternalSendRequest['template']>,
  render: (value: string) => string,
): TemplateSend {
  const text = (value: string) => ({ type: 'text' as const, text: render(value) });
  const media = template.headerMedia;
  const header: TemplateSend['components'] = media
    ? [{ type: 'header', parameters: [mediaParameter(media.type, media.link)] }]
    : template.header.length > 0
      ? [{ type: 'header', parameters: template.header.map(text) }]
      : [];
  return {
    name: template.name,
    language: { code: template.language },
    components: [
      ...header,
      ...(template.body.length > 0 ? [{ type: 'body' as const, parameters: template.body.map(text) }] : []),
      ...template.buttons.map((button) => ({
        type: 'button' as const,
        sub_type: 'url' as const,
        index: String(button.index),
        parameters: [text(button.text)],
      })),
    ],
  };
}

const mediaParameter = (type: 'image' | 'video' | 'document', link: string): TemplateMediaParameter =>
  type === 'image'
    ? { type, image: { link } }
    : type === 'video'
      ? { type, video: { link } }
      : { type, document: { link } };
