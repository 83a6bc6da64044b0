import { Injectable, Logger } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { PromptsRepository } from '../prompts/prompts.repository.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { describeFailure } from './automation-failure.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';

/**
 * Keeps a bot's failure as its prompt's or integration's last error (a short message, no secrets), for the people
 * who configured it; the bot's next answer clears it.
 */
@Injectable()
export class BotFailures {
  private readonly logger = new Logger(BotFailures.name);

  constructor(
    private readonly prompts: PromptsRepository,
    private readonly integrations: QueueIntegrationsRepository,
  ) {}

  /** Recording never fails the caller: the failure is logged already and the ticket still goes to a person. */
  async record(companyId: CompanyId, ticket: TicketRow, error: unknown): Promise<void> {
    try {
      const message = describeFailure(error);
      if (ticket.promptId !== null) await this.prompts.recordFailure(companyId, ticket.promptId, message);
      else if (ticket.integrationId !== null) {
        await this.integrations.recordFailure(companyId, ticket.integrationId, message);
      }
    } catch (recording) {
      this.logger.warn({ err: recording, companyId, ticketId: ticket.id }, "the bot's failure was not recorded");
    }
  }
}
