import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { JobsService } from '@cs/platform/jobs';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import { BotFailures } from './bot-failures.js';
import { BotHandOff } from './bot-hand-off.js';
import { AUTOMATION_JOB, type AutomationJobData, ownedByBot } from './bot-ownership.js';
import { BotTurn } from './bot-turn.js';

/**
 * The automation job (`AUTOMATION_JOB`, queued by `BotBinding`): the bot that owns a ticket answers one customer
 * message after the inbound transaction committed, or the ticket goes to a person. Whatever fails (the provider's
 * answer, a timeout, a refused address, a key that cannot be read, sending the reply), the customer's message stays
 * stored, the ticket waits in its queue for a person (the prompt's queue for a prompt), and the prompt or
 * integration gets the failure as its last error. A ticket no bot owns any more is left alone.
 */
@Injectable()
export class AutomationJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(AutomationJob.name);

  constructor(
    private readonly jobs: JobsService,
    private readonly tickets: TicketsRepository,
    private readonly turn: BotTurn,
    private readonly failures: BotFailures,
    private readonly handOff: BotHandOff,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<AutomationJobData>(
      AUTOMATION_JOB,
      (job) => this.reply(asCompanyId(job.companyId), job.ticketId, job.messageId),
      { pollingIntervalSeconds: 1, retryLimit: 0 },
    );
  }

  async reply(companyId: CompanyId, ticketId: number, messageId: string): Promise<void> {
    const ticket = await this.tickets.find(companyId, ticketId);
    if (!ticket || !ownedByBot(ticket)) return;
    try {
      await this.turn.answer(companyId, ticket, messageId);
    } catch (error) {
      this.logger.warn({ err: error, companyId, ticketId }, 'bot failed, the ticket goes to its queue');
      await this.failures.record(companyId, ticket, error);
      await this.handOff.toQueue(companyId, ticket);
    }
  }
}
