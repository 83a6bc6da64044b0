import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { TransactionHost } from '@cs/platform/database';
import { MediaStorage } from '../media/media.storage.js';
import { OutboundService } from '../messages/outbound.service.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { BotConclusion } from './bot-conclusion.js';
import { ownedByBot } from './bot-ownership.js';
import type { BotOutcome, BotReply } from './integration-runner.js';

/**
 * Sends a bot's replies in order, each after `delayMs` (Typebot's delay), each in its own transaction on the locked
 * ticket, then applies the outcome (`BotConclusion`). A ticket a person took meanwhile gets nothing more from the
 * bot.
 */
@Injectable()
export class BotReplies {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
    private readonly conclusion: BotConclusion,
  ) {}

  async deliver(companyId: CompanyId, before: TicketRow, outcome: BotOutcome): Promise<void> {
    const files = await Promise.all(
      outcome.replies.map((reply) =>
        reply.kind === 'file'
          ? this.media.save(companyId, 'messages', {
              originalname: reply.fileName,
              mimetype: reply.mimeType,
              size: reply.buffer.length,
              buffer: reply.buffer,
            })
          : Promise.resolve(null),
      ),
    );
    for (const [index, reply] of outcome.replies.entries()) {
      if (outcome.delayMs) await new Promise((resolve) => setTimeout(resolve, outcome.delayMs));
      const sent = await this.transactions.run(async () => {
        const ticket = await this.tickets.find(companyId, before.id, { lock: true });
        if (!ticket || !ownedByBot(ticket)) return false;
        await this.send(companyId, ticket, reply, files[index] ?? null);
        await this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
        return true;
      });
      if (!sent) return;
    }
    await this.conclusion.apply(companyId, before, outcome);
  }

  private async send(
    companyId: CompanyId,
    ticket: TicketRow,
    reply: BotReply,
    file: Awaited<ReturnType<MediaStorage['save']>> | null,
  ): Promise<void> {
    if (reply.kind === 'text') {
      await this.outbound.send(companyId, ticket, { body: reply.text, isBot: true, userId: null });
      return;
    }
    const media =
      reply.kind === 'media'
        ? { url: reply.url, mimeType: reply.mimeType, fileName: reply.fileName }
        : file
          ? { url: this.media.urlOf(file.path), mimeType: file.mimeType, fileName: file.name }
          : null;
    const ptt = reply.kind === 'file' && reply.mimeType.startsWith('audio/');
    if (media)
      await this.outbound.send(companyId, ticket, { body: reply.caption, media, isBot: true, userId: null, ptt });
  }
}
