import type { TicketSnapshot } from '@cs/proto/events';
import type { CreateTicketInput } from '@cs/proto/http';
import type { Identity } from '@cs/platform/tenancy';
import type { ContactView, ProjectionsRepository, UserView } from '../../projections/projections.repository.js';
import type { QueuesRepository } from '../../queues/queues.repository.js';
import type { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  connectionView,
  identityOf,
  inlineTransactions,
  patchedTicket,
  queueRow,
  ticketRow,
} from '../../../../test/factories/rows.js';
import { CreateTicketUseCase } from './create-ticket.use-case.js';

const AGENT = 3;
const SALES = 1;
const CONTACT = 5;

/**
 * A company with one contact, the Sales queue and connections 1 (the company's default) and 2 (the agent's);
 * the contact's tickets in memory, the cycle the new conversation opened and what the screens were told.
 */
function opening(options: { active?: Partial<TicketRow>; closed?: Partial<TicketRow>; connections?: number[] } = {}) {
  const state = {
    ticket: options.closed ? ticketRow({ status: 'closed', ...options.closed }) : null,
    active: options.active ? ticketRow({ id: 20, ...options.active }) : null,
    cycle: null as Record<string, unknown> | null,
    announced: [] as string[],
  };
  const connections = options.connections ?? [1, 2];
  const projections: Partial<ProjectionsRepository> = {
    awaitContact: async () => undefined,
    contact: async (_companyId, id) =>
      id === CONTACT ? ({ id, name: 'Maria', number: '5511999990000', isGroup: false } as ContactView) : null,
    user: async (_companyId, id) => ({ id, whatsappId: 2 }) as UserView,
    defaultConnection: async (_companyId, preferred) => {
      const id = [...preferred, 1].find((candidate) => candidate != null && connections.includes(candidate));
      return id == null ? null : connectionView({ id });
    },
  };
  const queues: Partial<QueuesRepository> = {
    find: async (_companyId, id) => (id === SALES ? queueRow({ id, name: 'Vendas' }) : null),
  };
  const tickets: Partial<TicketsRepository> = {
    findActiveOfContact: async () => state.active,
    snapshot: async () => ({ user: { id: 4, name: 'Bruno' }, queue: { id: SALES, name: 'Vendas' } }) as never,
    findOrCreate: async (_companyId, input) => {
      if (state.ticket) return { ticket: state.ticket, created: false };
      state.ticket = ticketRow({ id: 11, status: input.status, whatsappId: input.whatsappId, chatJid: input.chatJid });
      return { ticket: state.ticket, created: true };
    },
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(state.ticket as TicketRow, patch)),
    openCycle: async () => ({ id: 1 }) as never,
    patchCycle: async (_companyId, _id, patch) => {
      state.cycle = { ...patch };
    },
  };
  const ticketEvents: Partial<TicketEvents> = {
    created: async (_companyId, id) => {
      state.announced.push('created');
      return { id } as TicketSnapshot;
    },
    updated: async (_companyId, id) => {
      state.announced.push('updated');
      return { id } as TicketSnapshot;
    },
  };
  const useCase = new CreateTicketUseCase(
    inlineTransactions,
    tickets as TicketsRepository,
    projections as ProjectionsRepository,
    queues as QueuesRepository,
    ticketEvents as TicketEvents,
  );
  const open = (input: Partial<CreateTicketInput>, identity: Identity = identityOf(AGENT)) =>
    useCase.execute(COMPANY, identity, { contactId: CONTACT, queueId: SALES, ...input });
  return { state, open };
}

describe(CreateTicketUseCase.name, () => {
  it('opens a conversation for the agent in the queue chosen, on the agent’s connection, with its cycle started', async () => {
    const { state, open } = opening();
    await open({});
    expect(state.ticket).toMatchObject({
      status: 'open',
      userId: AGENT,
      queueId: SALES,
      whatsappId: 2,
      chatJid: '5511999990000@s.whatsapp.net',
      chatbot: false,
    });
    expect(state.cycle).toEqual({ userId: AGENT, queueId: SALES, queuedAt: 'now', startedAt: 'now' });
    expect(state.announced).toEqual(['created']);
  });

  it('uses the connection asked for, else the agent’s, else the company’s default', async () => {
    const asked = opening();
    await asked.open({ whatsappId: 1 });
    expect(asked.state.ticket?.whatsappId).toBe(1);
    const fallback = opening({ connections: [1] });
    await fallback.open({});
    expect(fallback.state.ticket?.whatsappId).toBe(1);
  });

  it('refuses when the company has no connection at all', async () => {
    await expect(opening({ connections: [] }).open({})).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND' });
  });

  it('leaves a pending ticket without a user, its cycle not started', async () => {
    const { state, open } = opening();
    await open({ status: 'pending' });
    expect(state.ticket).toMatchObject({ status: 'pending', userId: null });
    expect(state.cycle).toEqual({ userId: null, queueId: SALES, queuedAt: 'now' });
  });

  it('reopens the contact’s closed ticket on that connection instead of creating another', async () => {
    const { state, open } = opening({ closed: { id: 12, queueId: null } });
    await open({});
    expect(state.ticket).toMatchObject({ id: 12, status: 'open', userId: AGENT });
    expect(state.announced).toEqual(['updated']);
  });

  it('refuses while the contact has another open ticket, naming its owner and queue', async () => {
    const { state, open } = opening({ active: { status: 'open', userId: 4, queueId: SALES } });
    await expect(open({})).rejects.toMatchObject({
      code: 'ERR_OTHER_OPEN_TICKET',
      details: { ticketId: 20, status: 'open', user: { name: 'Bruno' }, queue: { name: 'Vendas' }, sameUser: false },
    });
    expect(state.ticket).toBeNull();
  });

  it('asks an agent (not an admin) to pick a queue', async () => {
    const { open } = opening();
    await expect(open({ queueId: undefined })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'queueId', message: 'Selecione uma fila' }],
    });
    await expect(open({ queueId: undefined }, identityOf(AGENT, 'admin'))).resolves.toBeDefined();
  });

  it('answers not found for an unknown contact or queue', async () => {
    await expect(opening().open({ contactId: 99 })).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
    await expect(opening().open({ queueId: 99 })).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});
