import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { PlanGate } from '../prompts/plan-gate.js';
import type { TicketRow } from '../tickets/tickets.repository.js';
import { BotHandOff } from './bot-hand-off.js';
import type { StoredMessage } from './bot-ownership.js';
import { BotReplies } from './bot-replies.js';
import { IntegrationRunner } from './integration-runner.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';

/**
 * A queue integration (Typebot, n8n, webhook, Dialogflow) answers a customer message on a ticket it owns; its
 * replies are sent and its handoff or close applied. An integration that is gone or a plan without integrations
 * hands the ticket to its queue.
 */
@Injectable()
export class IntegrationReplier {
  constructor(
    private readonly integrations: QueueIntegrationsRepository,
    private readonly plans: PlanGate,
    private readonly runner: IntegrationRunner,
    private readonly replies: BotReplies,
    private readonly handOff: BotHandOff,
  ) {}

  async answer(
    companyId: CompanyId,
    ticket: TicketRow,
    message: StoredMessage,
    contact: { name: string; number: string },
  ): Promise<void> {
    if (ticket.integrationId === null) return;
    const integration = await this.integrations.find(companyId, ticket.integrationId);
    if (!integration || !(await this.plans.allows(companyId, 'useIntegrations'))) {
      await this.handOff.handOff(companyId, ticket, null);
      return;
    }
    const outcome = await this.runner.run(companyId, ticket, integration, {
      body: message.body,
      messageId: message.id,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl,
      contactName: contact.name,
      contactNumber: contact.number,
    });
    await this.replies.deliver(companyId, ticket, outcome);
    await this.integrations.clearFailure(companyId, integration.id);
  }
}
