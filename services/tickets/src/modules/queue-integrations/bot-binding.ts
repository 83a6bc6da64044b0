import { Injectable } from '@nestjs/common';
import { JobsService } from '@cs/platform/jobs';
import { PlanGate } from '../prompts/plan-gate.js';
import { PromptsRepository } from '../prompts/prompts.repository.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { TicketsRepository } from '../tickets/tickets.repository.js';
import {
  AUTOMATION_JOB,
  type AutomationJobData,
  boundToBot,
  enteredQueue,
  idlesBeforeChatbot,
  type InboundContext,
} from './bot-ownership.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';

/**
 * Binds a prompt or a queue integration to a ticket on the inbound path (reference §2.1 steps 16–19), in the
 * inbound transaction: a ticket without a person — on a connection with a prompt or integration and no queue yet,
 * or entering a queue that has one — is answered by its bot instead of the chatbot menu. The bot's answer is a
 * job queued with the customer's message (`AUTOMATION_JOB`, `AutomationJob`), so a slow or failing provider never
 * holds the inbound transaction and never loses the message. An integration wins over a prompt; each needs its
 * plan flag and its row.
 */
@Injectable()
export class BotBinding {
  constructor(
    private readonly jobs: JobsService,
    private readonly tickets: TicketsRepository,
    private readonly queues: QueuesRepository,
    private readonly prompts: PromptsRepository,
    private readonly integrations: QueueIntegrationsRepository,
    private readonly plans: PlanGate,
  ) {}

  /**
   * Before the chatbot: true when a bot owns the ticket (its job is queued and the chatbot stays quiet). Does
   * nothing, without a statement, when `idlesBeforeChatbot`.
   */
  async beforeChatbot(context: InboundContext): Promise<boolean> {
    const { ticket, connection } = context;
    if (idlesBeforeChatbot(ticket)) return false;
    if (boundToBot(ticket)) {
      await this.enqueue(context);
      return true;
    }
    return this.bind(context, connection.integrationId, connection.promptId);
  }

  /**
   * After the chatbot: a ticket that just entered a queue with a prompt or integration starts its bot. True when
   * it changed the ticket.
   */
  async afterChatbot(context: InboundContext, queueIdBefore: number | null): Promise<boolean> {
    const { ticket } = context;
    if (!enteredQueue(ticket, queueIdBefore) || ticket.queueId === null) return false;
    const queue = await this.queues.find(context.companyId, ticket.queueId);
    if (!queue) return false;
    return this.bind(context, queue.integrationId, queue.promptId);
  }

  private async bind(context: InboundContext, integrationId: number | null, promptId: number | null): Promise<boolean> {
    const { companyId, ticket } = context;
    if (integrationId !== null && (await this.plans.allows(companyId, 'useIntegrations'))) {
      if (await this.integrations.find(companyId, integrationId)) {
        await this.tickets.patch(companyId, ticket.id, { useIntegration: true, integrationId, promptId: null });
        await this.enqueue(context);
        return true;
      }
    }
    if (promptId !== null && (await this.plans.allows(companyId, 'useOpenAi'))) {
      if (await this.prompts.find(companyId, promptId)) {
        await this.tickets.patch(companyId, ticket.id, { useIntegration: true, promptId, integrationId: null });
        await this.enqueue(context);
        return true;
      }
    }
    return false;
  }

  private async enqueue(context: InboundContext): Promise<void> {
    const job: AutomationJobData = {
      companyId: context.companyId,
      ticketId: context.ticket.id,
      messageId: context.messageId,
    };
    await this.jobs.send(AUTOMATION_JOB, job);
  }
}
