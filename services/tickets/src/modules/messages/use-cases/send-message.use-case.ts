import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import type { SendMessageInput } from '@cs/proto/http';
import { TransactionHost } from '@cs/platform/database';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import { mimeOf } from '../mime-types.js';
import { MediaStorage, type UploadedFile } from '../../media/media.storage.js';
import { ProjectionsRepository } from '../../projections/projections.repository.js';
import { TicketsQueries } from '../../tickets/tickets.queries.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { type MessageRow, toMessageSnapshot } from '../messages.repository.js';
import { renderTemplate } from '../message-template.js';
import { OutboundService } from '../outbound.service.js';

/**
 * `POST /messages/{ticketId}`: an agent's reply (text, uploaded media or a media URL). Only on open tickets, and
 * on a Cloud API connection only within 24 hours of the contact's last message (else a template must be sent);
 * the spec's variables are rendered; each message is stored at once as pending and sent by command.
 */
@Injectable()
export class SendMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketsQueries,
    private readonly projections: ProjectionsRepository,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
  ) {}

  async execute(
    companyId: CompanyId,
    identity: Identity,
    ticketId: number,
    input: SendMessageInput,
    files: readonly UploadedFile[],
  ) {
    const stored = await Promise.all(files.map((file) => this.media.save(companyId, 'messages', file)));
    return this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, ticketId, { lock: true });
      if (!ticket) throw new DomainError('ERR_NO_TICKET_FOUND');
      if (!(await this.queries.canSee(companyId, identity, ticket))) throw new DomainError('ERR_NO_PERMISSION');
      if (ticket.status !== 'open') throw new DomainError('ERR_TICKET_NOT_OPEN');
      const body = input.body.trim();
      if (!body && stored.length === 0 && !input.mediaUrl) {
        throw new DomainError('ERR_VALIDATION', { message: 'Mensagem vazia.' });
      }
      await this.outbound.assertServiceWindow(companyId, ticket);
      const [company, contact] = await Promise.all([
        this.projections.company(companyId),
        this.projections.contact(companyId, ticket.contactId),
      ]);
      const rendered = renderTemplate(body, {
        contactName: contact?.name ?? '',
        now: new Date(),
        timeZone: company.timezone,
      });
      const quotedMsgId = input.quotedMsg?.id ?? null;
      const sent: MessageRow[] = [];
      if (stored.length > 0) {
        for (const [index, file] of stored.entries()) {
          const current = (await this.tickets.find(companyId, ticket.id)) ?? ticket;
          sent.push(
            await this.outbound.send(companyId, current, {
              body: index === 0 ? rendered : '',
              media: { url: this.media.urlOf(file.path), mimeType: file.mimeType, fileName: file.name },
              isBot: false,
              userId: identity.userId,
              quotedMsgId,
            }),
          );
        }
      } else if (input.mediaUrl) {
        const fileName = fileNameOf(input.mediaUrl);
        sent.push(
          await this.outbound.send(companyId, ticket, {
            body: rendered,
            media: { url: input.mediaUrl, mimeType: mimeOf(fileName), fileName },
            isBot: false,
            userId: identity.userId,
            quotedMsgId,
          }),
        );
      } else {
        sent.push(
          await this.outbound.send(companyId, ticket, {
            body: rendered,
            isBot: false,
            userId: identity.userId,
            quotedMsgId,
          }),
        );
      }
      return sent.map(toMessageSnapshot);
    });
  }
}

/** The last path segment of a media URL (a malformed escape is kept as written). */
function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').pop() || 'arquivo';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
