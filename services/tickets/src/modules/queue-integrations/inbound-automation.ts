import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { asCompanyId, type CompanyId } from '@cs/proto/common';
import { APP_CONFIG } from '@cs/platform/config';
import { TransactionHost } from '@cs/platform/database';
import { JobsService } from '@cs/platform/jobs';
import type { TicketsConfig } from '../../config/env.js';
import { AutoAssignService } from '../chatbot/auto-assign.service.js';
import { MediaStorage } from '../media/media.storage.js';
import { OutboundService } from '../messages/outbound.service.js';
import type { ConnectionView } from '../projections/projections.repository.js';
import { ProjectionsRepository } from '../projections/projections.repository.js';
import { AiResponder } from '../prompts/ai-responder.js';
import { PlanGate } from '../prompts/plan-gate.js';
import { PromptsRepository } from '../prompts/prompts.repository.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { placementOf, TicketEvents } from '../tickets/ticket-events.js';
import { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import { type TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { describeFailure } from './automation-failure.js';
import { type BotOutcome, type BotReply, IntegrationRunner } from './integration-runner.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';

export const AUTOMATION_JOB = 'tickets.automation.reply';

interface AutomationJob {
  readonly companyId: number;
  readonly ticketId: number;
  readonly messageId: string;
}

export interface InboundContext {
  readonly companyId: CompanyId;
  readonly ticket: TicketRow;
  readonly connection: ConnectionView;
  readonly messageId: string;
}

/**
 * Prompts and queue integrations in the inbound flow (reference §2.1 steps 16–19 and §2.3, without the bugs):
 * a ticket without a person — on a connection with a prompt or integration and no queue yet, or in a queue that
 * has one — is answered by its bot instead of the chatbot menu. The bot's work (HTTP calls to OpenAI, Typebot,
 * n8n, Dialogflow...) runs in a pg-boss job after the customer's message is committed, so a slow or failing
 * provider never holds the inbound transaction and never loses the message; on failure the ticket falls back to
 * its queue for a person. A handoff (keyword, the model's signal, a bot command, a Dialogflow handoff intent)
 * really switches the bot off (upstream kept answering until an agent accepted).
 */
@Injectable()
export class InboundAutomation implements OnApplicationBootstrap {
  private readonly logger = new Logger(InboundAutomation.name);
  private readonly keywords: ReadonlySet<string>;

  constructor(
    @Inject(APP_CONFIG) config: TicketsConfig,
    private readonly transactions: TransactionHost,
    private readonly jobs: JobsService,
    private readonly tickets: TicketsRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly projections: ProjectionsRepository,
    private readonly queues: QueuesRepository,
    private readonly prompts: PromptsRepository,
    private readonly integrations: QueueIntegrationsRepository,
    private readonly plans: PlanGate,
    private readonly ai: AiResponder,
    private readonly runner: IntegrationRunner,
    private readonly outbound: OutboundService,
    private readonly media: MediaStorage,
    private readonly autoAssign: AutoAssignService,
    private readonly lifecycle: TicketLifecycle,
  ) {
    this.keywords = new Set(
      config.TICKETS_AI_HANDOFF_KEYWORDS.split(',')
        .map((keyword) => keyword.trim().toLowerCase())
        .filter(Boolean),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<AutomationJob>(
      AUTOMATION_JOB,
      (job) => this.reply(asCompanyId(job.companyId), job.ticketId, job.messageId),
      { pollingIntervalSeconds: 1, retryLimit: 0 },
    );
  }

  /**
   * Before the chatbot, in the inbound transaction: true when a bot owns the ticket (its job is queued and the
   * chatbot stays quiet).
   */
  async beforeChatbot(context: InboundContext): Promise<boolean> {
    const { ticket, connection } = context;
    if (this.idlesBefore(ticket)) return false;
    if (ticket.useIntegration && (ticket.promptId !== null || ticket.integrationId !== null)) {
      await this.enqueue(context);
      return true;
    }
    return this.bind(context, connection.integrationId, connection.promptId);
  }

  /**
   * Whether `beforeChatbot` certainly does nothing for this ticket, without a statement: no bot owns it, and it is
   * in a queue already (or no bot concerns it).
   */
  idlesBefore(ticket: TicketRow): boolean {
    if (!this.concerns(ticket)) return true;
    const owned = ticket.useIntegration && (ticket.promptId !== null || ticket.integrationId !== null);
    return !owned && ticket.queueId !== null;
  }

  /**
   * Whether a customer's message on this ticket may concern a bot (else `beforeChatbot` and `afterChatbot` do
   * nothing): a ticket without a person, not a group, not closed.
   */
  concerns(ticket: TicketRow): boolean {
    return ticket.userId === null && !ticket.isGroup && ticket.status !== 'closed';
  }

  /**
   * After the chatbot: a ticket that just entered a queue with a prompt or integration starts its bot. True when
   * it changed the ticket.
   */
  async afterChatbot(context: InboundContext, queueIdBefore: number | null): Promise<boolean> {
    const { ticket } = context;
    if (ticket.userId !== null || ticket.isGroup || ticket.queueId === null || ticket.queueId === queueIdBefore) {
      return false;
    }
    if (ticket.useIntegration) return false;
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
    await this.jobs.send(AUTOMATION_JOB, {
      companyId: context.companyId,
      ticketId: context.ticket.id,
      messageId: context.messageId,
    });
  }

  /**
   * The job: the bot answers one customer message, or the ticket goes to a person. Whatever fails (the provider's
   * answer, a timeout, a refused address, a key that cannot be read, sending the reply), the customer's message
   * stays stored, the ticket waits in its queue for a person, and the prompt or integration gets the failure as
   * its last error (the next answer it gives clears it).
   */
  async reply(companyId: CompanyId, ticketId: number, messageId: string): Promise<void> {
    const ticket = await this.tickets.find(companyId, ticketId);
    if (!ticket || !this.ownedByBot(ticket)) return;
    try {
      await this.answer(companyId, ticket, messageId);
    } catch (error) {
      this.logger.warn({ err: error, companyId, ticketId }, 'bot failed, the ticket goes to its queue');
      await this.recordFailure(companyId, ticket, error);
      await this.handOff(
        companyId,
        ticket,
        ticket.promptId !== null ? await this.promptQueue(companyId, ticket) : null,
      );
    }
  }

  private async answer(companyId: CompanyId, ticket: TicketRow, messageId: string): Promise<void> {
    const [message] = await this.transactions.manager.query<
      Array<{ body: string; media_type: string; media_url: string | null }>
    >('SELECT body, media_type, media_url FROM messages WHERE company_id = $1 AND id = $2', [companyId, messageId]);
    if (!message) return;
    const contact = await this.projections.contact(companyId, ticket.contactId);
    const contactName = contact?.name ?? '';
    if (this.keywords.has(message.body.trim().toLowerCase())) {
      await this.handOff(
        companyId,
        ticket,
        ticket.promptId !== null ? await this.promptQueue(companyId, ticket) : null,
      );
      return;
    }
    if (ticket.promptId !== null) {
      const prompt = await this.prompts.find(companyId, ticket.promptId);
      if (!prompt || !(await this.plans.allows(companyId, 'useOpenAi'))) {
        await this.handOff(companyId, ticket, prompt?.queueId ?? null);
        return;
      }
      const transcripts = new Map<string, string>();
      if (message.media_type === 'audio' && message.media_url) {
        const audio = await this.ai.readMedia(message.media_url);
        transcripts.set(messageId, await this.ai.transcribe(prompt, audio, 'audio.ogg'));
      }
      const answer = await this.ai.answer(companyId, ticket.id, prompt, contactName, transcripts);
      const replies: BotReply[] = [];
      if (answer.audio) replies.push({ kind: 'file', ...answer.audio, caption: '' });
      else if (answer.text) replies.push({ kind: 'text', text: answer.text });
      await this.deliver(companyId, ticket, {
        replies,
        handOff: answer.handOff ? { queueId: prompt.queueId } : null,
      });
      await this.prompts.clearFailure(companyId, prompt.id);
      return;
    }
    if (ticket.integrationId !== null) {
      const integration = await this.integrations.find(companyId, ticket.integrationId);
      if (!integration || !(await this.plans.allows(companyId, 'useIntegrations'))) {
        await this.handOff(companyId, ticket, null);
        return;
      }
      const outcome = await this.runner.run(companyId, ticket, integration, {
        body: message.body,
        messageId,
        mediaType: message.media_type,
        mediaUrl: message.media_url,
        contactName,
        contactNumber: contact?.number ?? '',
      });
      await this.deliver(companyId, ticket, outcome);
      await this.integrations.clearFailure(companyId, integration.id);
    }
  }

  /**
   * Keeps a bot's failure as its prompt's or integration's last error (a short message, no secrets), for the admin.
   * Recording never fails the caller: the failure is logged already and the ticket still goes to a person.
   */
  async recordFailure(companyId: CompanyId, ticket: TicketRow, error: unknown): Promise<void> {
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

  private ownedByBot(ticket: TicketRow): boolean {
    return (
      ticket.userId === null &&
      ticket.status !== 'closed' &&
      ticket.useIntegration &&
      (ticket.promptId !== null || ticket.integrationId !== null)
    );
  }

  private async promptQueue(companyId: CompanyId, ticket: TicketRow): Promise<number | null> {
    return ticket.promptId !== null ? ((await this.prompts.find(companyId, ticket.promptId))?.queueId ?? null) : null;
  }

  /**
   * Sends the bot's replies in order, each after `delayMs` (Typebot's delay), then applies the handoff or the
   * close. A ticket a person took meanwhile gets nothing more from the bot.
   */
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
      const file = files[index];
      const sent = await this.transactions.run(async () => {
        const ticket = await this.tickets.find(companyId, before.id, { lock: true });
        if (!ticket || !this.ownedByBot(ticket)) return false;
        if (reply.kind === 'text') {
          await this.outbound.send(companyId, ticket, { body: reply.text, isBot: true, userId: null });
        } else {
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
        await this.ticketEvents.updated(companyId, ticket.id, placementOf(ticket));
        return true;
      });
      if (!sent) return;
    }
    if (!outcome.handOff && !outcome.close) return;
    await this.transactions.run(async () => {
      const ticket = await this.tickets.find(companyId, before.id, { lock: true });
      if (!ticket || !this.ownedByBot(ticket)) return;
      const previous = placementOf(ticket);
      if (outcome.close) {
        await this.lifecycle.close(companyId, ticket, { userId: null });
      } else if (outcome.handOff) {
        const userId = outcome.handOff.userId ?? null;
        const known = userId !== null && (await this.projections.user(companyId, userId)) !== null;
        await this.release(companyId, ticket, outcome.handOff.queueId, known ? userId : null);
      }
      await this.ticketEvents.updated(companyId, ticket.id, previous);
    });
  }

  /** A person takes over: the bot is switched off and the ticket waits in its queue (or the one given). */
  async handOff(companyId: CompanyId, ticket: TicketRow, queueId: number | null): Promise<void> {
    await this.transactions.run(async () => {
      const current = await this.tickets.find(companyId, ticket.id, { lock: true });
      if (!current || !this.ownedByBot(current)) return;
      const previous = placementOf(current);
      await this.release(companyId, current, queueId, null);
      await this.ticketEvents.updated(companyId, current.id, previous);
    });
  }

  private async release(companyId: CompanyId, ticket: TicketRow, queueId: number | null, userId: number | null) {
    const targetQueue = queueId ?? ticket.queueId;
    const moved = await this.tickets.patch(companyId, ticket.id, {
      useIntegration: false,
      promptId: null,
      integrationId: null,
      chatbot: false,
      queueOptionId: null,
      queueId: targetQueue,
      ...(userId !== null ? { userId, status: 'open' as const } : {}),
    });
    await this.transactions.manager.query('DELETE FROM integration_sessions WHERE company_id = $1 AND ticket_id = $2', [
      companyId,
      ticket.id,
    ]);
    if (targetQueue !== ticket.queueId && targetQueue !== null) {
      const cycle = await this.tickets.openCycle(companyId, moved);
      await this.tickets.patchCycle(companyId, cycle.id, { queueId: targetQueue, queuedAt: 'now' });
    }
    if (userId === null) await this.autoAssign.assign(companyId, moved);
  }
}
