import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyId, EventData } from '@cs/proto/common';
import { EnsureContact, MessageCreated, type ShippingDelivered } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { JobsService } from '@cs/platform/jobs';
import { numberSpellings } from '../../external-api/send-external-message.use-case.js';
import { MessagesRepository, toMessageSnapshot } from '../../messages/messages.repository.js';
import { TicketsRepository } from '../../tickets/tickets.repository.js';
import { CampaignHistoryRepository } from '../campaign-history.repository.js';

export type Delivered = EventData<typeof ShippingDelivered>;

/** Retried (pg-boss backoff) until contacts has created the contact of a number it did not know. */
export const CAMPAIGN_HISTORY_JOB = 'tickets.campaign-history.append';
export const CAMPAIGN_HISTORY_RETRIES = 12;

/** The message type the tickets screen knows for a WhatsApp media kind (documents are `application`). */
const mediaTypeOf = (kind: string): string => (kind === 'document' ? 'application' : kind);

/**
 * ADR 0006: a campaign message WhatsApp accepted is appended to the contact's ticket on that connection (fromMe,
 * ack 1, read) without touching the ticket's status, queue, user, unread count or list position (`updated_at`);
 * when the contact has no ticket there, one is created directly as `closed` (no pending step, no attendance cycle,
 * no ticket event). Only the message is announced (`tickets.message.created`, fromMe, so no agent notification).
 * Idempotent: the inbox drops a redelivered event, and messages are unique by WhatsApp id per connection.
 * A number contacts does not know yet (a list item that never wrote to us) gets `contacts.contact.ensure` and the
 * entry waits in a job until the contact reaches the projection.
 */
@Injectable()
export class AppendCampaignMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly repository: CampaignHistoryRepository,
    private readonly tickets: TicketsRepository,
    private readonly messages: MessagesRepository,
    private readonly events: EventPublisher,
    private readonly jobs: JobsService,
  ) {}

  /** From the consumer: append now, or ask contacts for the contact and append from a job once it exists. */
  async execute(companyId: CompanyId, data: Delivered): Promise<void> {
    await this.transactions.run(async () => {
      if (await this.append(companyId, data)) return;
      await this.events.emit(EnsureContact, {
        companyId,
        key: companyId,
        data: { commandId: uuidv7(), connectionId: data.connectionId, jid: data.chatJid, number: data.number },
      });
      await this.jobs.send(
        CAMPAIGN_HISTORY_JOB,
        { companyId, data },
        { startAfter: new Date(Date.now() + 1_000), retryLimit: CAMPAIGN_HISTORY_RETRIES },
      );
    });
  }

  /** From the job: fails (and is retried) while the contact is still unknown. */
  async retry(companyId: CompanyId, data: Delivered): Promise<void> {
    await this.transactions.run(async () => {
      if (!(await this.append(companyId, data))) throw new Error(`contact of ${data.number} not known yet`);
    });
  }

  /** False when the contact is not in the projection yet; true when appended (or already there). */
  private async append(companyId: CompanyId, data: Delivered): Promise<boolean> {
    if (await this.messages.findByWaId(companyId, data.connectionId, data.messageId)) return true;
    const contactId = await this.repository.contactByNumbers(companyId, numberSpellings(data.number));
    if (contactId === null) return false;

    const existing = await this.tickets.findByContact(companyId, contactId, data.connectionId, { lock: true });
    const ticket =
      existing ??
      (
        await this.tickets.findOrCreate(companyId, {
          contactId,
          whatsappId: data.connectionId,
          chatJid: data.chatJid,
          isGroup: false,
          status: 'closed',
        })
      ).ticket;

    const content = data.content;
    const body =
      content.kind === 'text'
        ? content.body
        : content.kind === 'media'
          ? content.caption || content.fileName
          : content.kind === 'vcard'
            ? content.vcard
            : [content.name, content.address].filter(Boolean).join('\n');
    const message = await this.messages.insert(companyId, {
      id: data.messageId,
      ticketId: ticket.id,
      contactId: null,
      whatsappId: data.connectionId,
      waId: data.messageId,
      body,
      fromMe: true,
      isBot: false,
      ack: 1,
      read: true,
      mediaType:
        content.kind === 'media' ? mediaTypeOf(content.mediaType) : content.kind === 'text' ? 'chat' : content.kind,
      mediaUrl: content.kind === 'media' ? content.url : null,
      quotedMsgId: null,
      queueId: ticket.queueId,
      userId: null,
      createdAt: new Date(data.sentAt),
    });
    if (!message) return true;
    // the preview follows the history, but the ticket keeps its place in every list (no `updated_at` change)
    await this.tickets.patch(companyId, ticket.id, { lastMessage: body, fromMe: true, touch: false });
    const snapshot = await this.tickets.snapshot(companyId, ticket.id);
    if (snapshot) {
      await this.events.emit(MessageCreated, {
        companyId,
        key: ticket.id,
        data: { message: toMessageSnapshot(message), ticket: snapshot },
      });
    }
    return true;
  }
}
