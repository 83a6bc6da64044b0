import { Inject, Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import type { TicketsConfig } from '../../config/env.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { BotHandOff } from './bot-hand-off.js';
import type { StoredMessage } from './bot-ownership.js';
import { IntegrationReplier } from './integration-replier.js';
import { PromptReplier } from './prompt-replier.js';

/**
 * The bot that owns a ticket answers one stored customer message: a handoff keyword
 * (`TICKETS_AI_HANDOFF_KEYWORDS`, any case) hands the ticket to a person, else its prompt answers, else its
 * integration. A message that is gone gets no answer.
 */
@Injectable()
export class BotTurn {
  private readonly keywords: ReadonlySet<string>;

  constructor(
    @Inject(APP_CONFIG) config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
    private readonly prompt: PromptReplier,
    private readonly integration: IntegrationReplier,
    private readonly handOff: BotHandOff,
  ) {
    this.keywords = handOffKeywords(config.TICKETS_AI_HANDOFF_KEYWORDS);
  }

  async answer(companyId: CompanyId, ticket: TicketRow, messageId: string): Promise<void> {
    const [row] = await this.transactions.manager.query<
      Array<{ body: string; media_type: string; media_url: string | null }>
    >('SELECT body, media_type, media_url FROM messages WHERE company_id = $1 AND id = $2', [companyId, messageId]);
    if (!row) return;
    const message: StoredMessage = {
      id: messageId,
      body: row.body,
      mediaType: row.media_type,
      mediaUrl: row.media_url,
    };
    const contact = await this.projections.contact(companyId, ticket.contactId);
    const contactName = contact?.name ?? '';
    if (this.keywords.has(message.body.trim().toLowerCase())) {
      await this.handOff.toQueue(companyId, ticket);
      return;
    }
    if (ticket.promptId !== null) {
      await this.prompt.answer(companyId, ticket, message, contactName);
      return;
    }
    if (ticket.integrationId !== null) {
      await this.integration.answer(companyId, ticket, message, { name: contactName, number: contact?.number ?? '' });
    }
  }
}

/** The configured handoff keywords (comma-separated), trimmed and lower-cased, the empty ones dropped. */
export const handOffKeywords = (configured: string): ReadonlySet<string> =>
  new Set(
    configured
      .split(',')
      .map((keyword) => keyword.trim().toLowerCase())
      .filter(Boolean),
  );
