import type { JobsService } from '@cs/platform/jobs';
import type { PlanGate } from '../prompts/plan-gate.js';
import type { PromptRow, PromptsRepository } from '../prompts/prompts.repository.js';
import type { QueuesRepository } from '../queues/queues.repository.js';
import type { TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import { COMPANY, connectionView, queueRow, ticketRow } from '../../../test/factories/rows.js';
import { BotBinding } from './bot-binding.js';
import {
  AUTOMATION_JOB,
  concernsBots,
  enteredQueue,
  idlesBeforeChatbot,
  type InboundContext,
  ownedByBot,
} from './bot-ownership.js';
import type { QueueIntegrationRow, QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { handOffKeywords } from './bot-turn.js';

const PROMPT = 7;
const INTEGRATION = 8;
const BOT_QUEUE = queueRow({ id: 3, name: 'Robô', promptId: PROMPT });

/** The binding over one ticket in memory, with the company's plan flags and the prompts and integrations that exist. */
function bindingOver(ticket: TicketRow, plan: { useOpenAi?: boolean; useIntegrations?: boolean } = {}) {
  const state = { ticket, jobs: [] as Array<{ name: string; data: unknown }>, statements: 0 };
  const counted = <T>(value: T): Promise<T> => {
    state.statements += 1;
    return Promise.resolve(value);
  };
  const jobs: Partial<JobsService> = {
    send: async (name, data) => {
      state.jobs.push({ name, data });
      return counted(null);
    },
  };
  const tickets: Partial<TicketsRepository> = {
    patch: async (_companyId, _id, patch) => {
      state.ticket = { ...state.ticket, ...patch };
      return counted(state.ticket);
    },
  };
  const queues: Partial<QueuesRepository> = {
    find: (_companyId, id) => counted(id === BOT_QUEUE.id ? BOT_QUEUE : null),
  };
  const prompts: Partial<PromptsRepository> = {
    find: (_companyId, id) => counted(id === PROMPT ? ({ id, queueId: BOT_QUEUE.id } as PromptRow) : null),
  };
  const integrations: Partial<QueueIntegrationsRepository> = {
    find: (_companyId, id) => counted(id === INTEGRATION ? ({ id } as QueueIntegrationRow) : null),
  };
  const plans: Partial<PlanGate> = {
    allows: (_companyId, flag) => counted(plan[flag as keyof typeof plan] === true),
  };
  const binding = new BotBinding(
    jobs as JobsService,
    tickets as TicketsRepository,
    queues as QueuesRepository,
    prompts as PromptsRepository,
    integrations as QueueIntegrationsRepository,
    plans as PlanGate,
  );
  const context = (connection: { promptId?: number | null; integrationId?: number | null } = {}): InboundContext => ({
    companyId: COMPANY,
    ticket: state.ticket,
    connection: connectionView(connection),
    messageId: 'm-1',
  });
  return { state, binding, context };
}

describe('bot ownership', () => {
  it('gives a ticket to a bot only while the bot is switched on, without a person, and not closed', () => {
    expect(ownedByBot(ticketRow({ useIntegration: true, promptId: PROMPT }))).toBe(true);
    expect(ownedByBot(ticketRow({ useIntegration: true, integrationId: INTEGRATION }))).toBe(true);
    expect(ownedByBot(ticketRow({ useIntegration: false, promptId: PROMPT }))).toBe(false);
    expect(ownedByBot(ticketRow({ useIntegration: true }))).toBe(false);
    expect(ownedByBot(ticketRow({ useIntegration: true, promptId: PROMPT, userId: 3, status: 'open' }))).toBe(false);
    expect(ownedByBot(ticketRow({ useIntegration: true, promptId: PROMPT, status: 'closed' }))).toBe(false);
  });

  it('lets bots answer only customers of tickets without a person, outside groups, not closed', () => {
    expect(concernsBots(ticketRow())).toBe(true);
    expect(concernsBots(ticketRow({ userId: 3, status: 'open' }))).toBe(false);
    expect(concernsBots(ticketRow({ isGroup: true }))).toBe(false);
    expect(concernsBots(ticketRow({ status: 'closed' }))).toBe(false);
  });

  it('skips binding before the chatbot for a ticket already in a queue and no bot', () => {
    expect(idlesBeforeChatbot(ticketRow({ queueId: 1 }))).toBe(true);
    expect(idlesBeforeChatbot(ticketRow({ queueId: null }))).toBe(false);
    expect(idlesBeforeChatbot(ticketRow({ queueId: 1, useIntegration: true, promptId: PROMPT }))).toBe(false);
    expect(idlesBeforeChatbot(ticketRow({ queueId: null, userId: 3, status: 'open' }))).toBe(true);
  });

  it('starts a queue’s bot only when the chatbot moved the ticket into another queue', () => {
    expect(enteredQueue(ticketRow({ queueId: 3 }), null)).toBe(true);
    expect(enteredQueue(ticketRow({ queueId: 3 }), 3)).toBe(false);
    expect(enteredQueue(ticketRow({ queueId: null }), 3)).toBe(false);
    expect(enteredQueue(ticketRow({ queueId: 3, isGroup: true }), null)).toBe(false);
    expect(enteredQueue(ticketRow({ queueId: 3, useIntegration: true, promptId: PROMPT }), null)).toBe(false);
  });

  it('reads the hand-off keywords in any case and spacing, dropping empty ones', () => {
    expect([...handOffKeywords(' Atendente, HUMANO ,,pessoa ')]).toEqual(['atendente', 'humano', 'pessoa']);
  });
});

describe(BotBinding.name, () => {
  it('binds the connection’s integration before its prompt and queues the bot’s answer', async () => {
    const { state, binding, context } = bindingOver(ticketRow(), { useOpenAi: true, useIntegrations: true });
    expect(await binding.beforeChatbot(context({ integrationId: INTEGRATION, promptId: PROMPT }))).toBe(true);
    expect(state.ticket).toMatchObject({ useIntegration: true, integrationId: INTEGRATION, promptId: null });
    expect(state.jobs).toEqual([
      { name: AUTOMATION_JOB, data: { companyId: COMPANY, ticketId: state.ticket.id, messageId: 'm-1' } },
    ]);
  });

  it('falls back to the prompt when the plan has no integrations', async () => {
    const { state, binding, context } = bindingOver(ticketRow(), { useOpenAi: true });
    expect(await binding.beforeChatbot(context({ integrationId: INTEGRATION, promptId: PROMPT }))).toBe(true);
    expect(state.ticket).toMatchObject({ useIntegration: true, promptId: PROMPT, integrationId: null });
  });

  it('leaves the ticket to the chatbot when the plan allows no bot or the bot is gone', async () => {
    const withoutPlan = bindingOver(ticketRow());
    expect(await withoutPlan.binding.beforeChatbot(withoutPlan.context({ promptId: PROMPT }))).toBe(false);
    const gone = bindingOver(ticketRow(), { useOpenAi: true, useIntegrations: true });
    expect(await gone.binding.beforeChatbot(gone.context({ promptId: 99, integrationId: 98 }))).toBe(false);
    expect([withoutPlan.state.jobs, gone.state.jobs]).toEqual([[], []]);
    expect(gone.state.ticket.useIntegration).toBe(false);
  });

  it('queues the next answer of a bot that owns the ticket without binding again', async () => {
    const owned = ticketRow({ queueId: 1, useIntegration: true, promptId: PROMPT });
    const { state, binding, context } = bindingOver(owned, { useOpenAi: true });
    expect(await binding.beforeChatbot(context())).toBe(true);
    expect(state.jobs).toHaveLength(1);
    expect(state.ticket).toBe(owned);
  });

  it('does nothing, without a statement, for a ticket waiting in a queue', async () => {
    const { state, binding, context } = bindingOver(ticketRow({ queueId: 1 }), { useOpenAi: true });
    expect(await binding.beforeChatbot(context({ promptId: PROMPT }))).toBe(false);
    expect(state.statements).toBe(0);
  });

  it('starts the bot of the queue the chatbot chose, with the customer’s message', async () => {
    const { state, binding, context } = bindingOver(ticketRow({ queueId: BOT_QUEUE.id }), { useOpenAi: true });
    expect(await binding.afterChatbot(context(), null)).toBe(true);
    expect(state.ticket).toMatchObject({ useIntegration: true, promptId: PROMPT });
    expect(state.jobs).toHaveLength(1);
  });

  it('starts nothing when the ticket stayed in its queue or the queue has no bot', async () => {
    const stayed = bindingOver(ticketRow({ queueId: BOT_QUEUE.id }), { useOpenAi: true });
    expect(await stayed.binding.afterChatbot(stayed.context(), BOT_QUEUE.id)).toBe(false);
    expect(stayed.state.statements).toBe(0);
    const plain = bindingOver(ticketRow({ queueId: 1 }), { useOpenAi: true });
    expect(await plain.binding.afterChatbot(plain.context(), null)).toBe(false);
    expect(plain.state.jobs).toEqual([]);
  });
});
