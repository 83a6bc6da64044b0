import { asCompanyId, asUserId } from '@cs/proto/common';
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import type { UpdateTicketInput } from '@cs/proto/http';
import { DomainError } from '@cs/platform/errors';
import type { Identity } from '@cs/platform/tenancy';
import type { CompanyView, UserView } from '../../projections/projections.repository.js';
import type { QueueRow } from '../../queues/queues.repository.js';
import type { TicketRow, TrackingRow } from '../../tickets/tickets.repository.js';
import { queueRow as queue, ticketRow as customerTicket } from '../../../../test/factories/rows.js';
import { ACCEPT_GREETING, AcceptTicketUseCase } from './accept-ticket.use-case.js';
import { CloseTicketUseCase } from './close-ticket.use-case.js';
import { ReopenTicketUseCase } from './reopen-ticket.use-case.js';
import { ReturnTicketUseCase } from './return-ticket.use-case.js';
import { TicketMovedOn, type TransitionPorts, transitionOf } from './ticket-transition.js';
import { TransferTicketUseCase } from './transfer-ticket.use-case.js';

const COMPANY = asCompanyId(2);
const CALLER = 3;
const COLLEAGUE = 4;
const SALES = 1;
const SUPPORT = 2;

const caller: Identity = {
  companyId: COMPANY,
  userId: asUserId(CALLER),
  profile: 'admin',
  isSuper: false,
  sessionId: 's',
};

/** A customer's ticket waiting in Sales, in the chatbot's option menu. */
const ticketRow = (overrides: Partial<TicketRow> = {}): TicketRow =>
  customerTicket({
    queueId: SALES,
    chatbot: true,
    queueOptionId: 7,
    unreadMessages: 2,
    botMenuCount: 1,
    ...overrides,
  });

const userView = (id: number, name: string): UserView => ({
  id,
  name,
  profile: 'user',
  online: true,
  queueIds: [SALES],
  whatsappId: null,
  allTicket: false,
});

const queueRow = (id: number, name: string): QueueRow => queue({ id, name });

type CycleTime = 'queuedAt' | 'startedAt' | 'finishedAt' | 'ratingAt';

/** A conversation's state in memory behind the transitions' ports; `run` rolls back what a failed unit wrote. */
function conversation(ticket: TicketRow) {
  const state = {
    tickets: new Map<number, TicketRow>([[ticket.id, ticket]]),
    /** The ticket's open cycle: who, which queue, and which times the transition set (`now`) or cleared. */
    cycle: { id: 1, userId: ticket.userId, queueId: ticket.queueId } as {
      id: number;
      userId: number | null;
      queueId: number | null;
    } & Partial<Record<CycleTime, 'now' | null>>,
    settings: {} as Record<string, string>,
    users: new Map<number, UserView>([
      [CALLER, userView(CALLER, 'Ana')],
      [COLLEAGUE, userView(COLLEAGUE, 'Bruno')],
    ]),
    queues: new Map<number, QueueRow>([
      [SALES, queueRow(SALES, 'Vendas')],
      [SUPPORT, queueRow(SUPPORT, 'Suporte')],
    ]),
    otherActive: null as TicketRow | null,
    visible: true,
    said: [] as Array<{ text: string; userId: number | null }>,
    closedBy: [] as Array<number | null>,
    readMarked: 0,
    autoAssigned: [] as number[],
    events: [] as Array<{ status: TicketStatus; queueId: number | null; userId: number | null }>,
  };
  const current = (id: number): TicketRow => {
    const row = state.tickets.get(id);
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  };
  const ports: TransitionPorts = {
    transactions: {
      run: async (fn) => {
        const before = { tickets: new Map(state.tickets), cycle: { ...state.cycle }, said: [...state.said] };
        try {
          return await fn(undefined as never);
        } catch (error) {
          Object.assign(state, before);
          throw error;
        }
      },
    },
    tickets: {
      find: async (_companyId, id) => state.tickets.get(id) ?? null,
      findActiveOfContact: async () => state.otherActive,
      patch: async (_companyId, id, patch) => {
        const { touch: _touch, ...fields } = patch;
        const row = { ...current(id), ...fields };
        state.tickets.set(id, row);
        return row;
      },
      openCycle: async () => ({ id: state.cycle.id }) as TrackingRow,
      patchCycle: async (_companyId, _id, patch) => {
        Object.assign(state.cycle, patch);
      },
    },
    visibility: { canSee: async () => state.visible },
    projections: {
      company: async (): Promise<CompanyView> => ({
        id: COMPANY,
        timezone: 'America/Sao_Paulo',
        schedules: [],
        settings: state.settings,
        plan: null,
      }),
      user: async (_companyId, id) => state.users.get(id) ?? null,
    },
    queues: {
      find: async (_companyId, id) => state.queues.get(id) ?? null,
      assertReferences: async (_companyId, refs) => {
        if (refs.promptId != null) throw new DomainError('ERR_NO_PROMPT_FOUND');
      },
    },
    lifecycle: {
      markRead: async () => {
        state.readMarked += 1;
      },
      close: async (_companyId, row, options) => {
        state.closedBy.push(options.userId);
        state.tickets.set(row.id, { ...row, status: 'closed' });
      },
      say: async (_companyId, _ticketId, text, userId = null) => {
        state.said.push({ text, userId });
      },
    },
    ticketEvents: {
      updated: async (_companyId, id, previous) => {
        const { status, queueId, userId } = current(id);
        state.events.push({ status, queueId, userId });
        expect(previous).not.toBeNull();
        return { id, status, queueId, userId } as TicketSnapshot;
      },
    },
    hooks: {
      ticketWaiting: {
        emit: async (_companyId, row) => {
          state.autoAssigned.push(row.id);
        },
      },
    },
  };
  return { state, ports, ticket: () => current(ticket.id) };
}

const put = async (
  UseCase: new (ports: TransitionPorts) => { execute: AcceptTicketUseCase['execute'] },
  world: ReturnType<typeof conversation>,
  input: UpdateTicketInput,
) => new UseCase(world.ports).execute(COMPANY, caller, 10, input);

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof DomainError ? error.code : error),
  );

describe('choosing the transition of PUT /tickets/{id}', () => {
  it('reads it from the ticket status and the body', () => {
    expect(transitionOf('pending', { status: 'open' })).toBe('accept');
    expect(transitionOf('open', { status: 'pending' })).toBe('return');
    expect(transitionOf('open', { status: 'closed' })).toBe('close');
    expect(transitionOf('closed', { status: 'closed' })).toBe('close');
    expect(transitionOf('closed', { status: 'open' })).toBe('reopen');
    expect(transitionOf('closed', { status: 'pending' })).toBe('reopen');
    expect(transitionOf('open', {})).toBe('transfer');
    expect(transitionOf('pending', { status: 'pending' })).toBe('transfer');
    expect(transitionOf('closed', {})).toBe('transfer');
  });

  it('refuses to run a transition the ticket no longer allows, changing nothing', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: COLLEAGUE }));
    await expect(put(AcceptTicketUseCase, world, { status: 'open' })).rejects.toBeInstanceOf(TicketMovedOn);
    expect(world.ticket().userId).toBe(COLLEAGUE);
    expect(world.state.events).toEqual([]);
  });

  it('answers 404 for a missing ticket and 403 for one the caller may not open', async () => {
    const world = conversation(ticketRow());
    world.state.tickets.clear();
    expect(await codeOf(put(AcceptTicketUseCase, world, { status: 'open' }))).toBe('ERR_NO_TICKET_FOUND');
    const hidden = conversation(ticketRow());
    hidden.state.visible = false;
    expect(await codeOf(put(TransferTicketUseCase, hidden, { queueId: SUPPORT }))).toBe('ERR_NO_PERMISSION');
    expect(hidden.ticket().queueId).toBe(SALES);
  });
});

describe('accept (pending → open)', () => {
  it("makes the ticket the caller's, out of the chatbot, read, attending from now, with one event", async () => {
    const world = conversation(ticketRow());
    await put(AcceptTicketUseCase, world, { status: 'open' });
    expect(world.ticket()).toMatchObject({ status: 'open', userId: CALLER, queueId: SALES, chatbot: false });
    expect(world.ticket().queueOptionId).toBeNull();
    expect(world.state.cycle).toMatchObject({ userId: CALLER, startedAt: 'now' });
    expect(world.state.cycle.queuedAt).toBeUndefined();
    expect(world.state.readMarked).toBe(1);
    expect(world.state.events).toEqual([{ status: 'open', queueId: SALES, userId: CALLER }]);
    expect(world.state.said).toEqual([]);
    expect(world.state.autoAssigned).toEqual([]);
  });

  it('gives it to the user the body names, who must be the company’s', async () => {
    const world = conversation(ticketRow());
    await put(AcceptTicketUseCase, world, { status: 'open', userId: COLLEAGUE });
    expect(world.ticket().userId).toBe(COLLEAGUE);
    const unknown = conversation(ticketRow());
    expect(await codeOf(put(AcceptTicketUseCase, unknown, { status: 'open', userId: 99 }))).toBe('ERR_NO_USER_FOUND');
    expect(unknown.ticket().status).toBe('pending');
  });

  it('greets the customer by the agent’s name when sendGreetingAccepted is enabled, never a group', async () => {
    const world = conversation(ticketRow());
    world.state.settings['sendGreetingAccepted'] = 'enabled';
    world.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(AcceptTicketUseCase, world, { status: 'open', queueId: SUPPORT });
    expect(world.state.said).toEqual([{ text: ACCEPT_GREETING.replace('{{agent}}', 'Ana'), userId: CALLER }]);
    expect(world.state.cycle.queuedAt).toBe('now');

    const group = conversation(ticketRow({ isGroup: true }));
    group.state.settings['sendGreetingAccepted'] = 'enabled';
    await put(AcceptTicketUseCase, group, { status: 'open' });
    expect(group.state.said).toEqual([]);
  });

  it('refuses a queue or a prompt that is not the company’s', async () => {
    const world = conversation(ticketRow());
    expect(await codeOf(put(AcceptTicketUseCase, world, { status: 'open', queueId: 77 }))).toBe('ERR_NOT_FOUND');
    expect(await codeOf(put(AcceptTicketUseCase, world, { status: 'open', promptId: 5 }))).toBe('ERR_NO_PROMPT_FOUND');
    expect(world.ticket().status).toBe('pending');
  });
});

describe('return (open → pending)', () => {
  it('takes the user away, waits in the queue from now and offers the ticket to auto-assignment', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: CALLER, chatbot: false }));
    world.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(ReturnTicketUseCase, world, { status: 'pending', userId: COLLEAGUE });
    expect(world.ticket()).toMatchObject({ status: 'pending', userId: null, queueId: SALES });
    expect(world.state.cycle).toMatchObject({ userId: null, queuedAt: 'now', startedAt: null });
    expect(world.state.autoAssigned).toEqual([10]);
    expect(world.state.said).toEqual([]);
  });

  it('tells the customer about a new queue when sendMsgTransfTicket is enabled', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: CALLER }));
    world.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(ReturnTicketUseCase, world, { status: 'pending', queueId: SUPPORT });
    expect(world.state.said.map((said) => said.text)).toEqual([
      '*Mensagem automática*:\nVocê foi transferido para o departamento *Suporte*\naguarde, já vamos te atender!',
    ]);
  });
});

describe('close', () => {
  it('closes through the lifecycle as the caller, ignoring the rest of the body', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: COLLEAGUE }));
    await put(CloseTicketUseCase, world, { status: 'closed', queueId: SUPPORT });
    expect(world.state.closedBy).toEqual([CALLER]);
    expect(world.ticket()).toMatchObject({ status: 'closed', queueId: SALES });
    expect(world.state.events).toEqual([{ status: 'closed', queueId: SALES, userId: COLLEAGUE }]);
  });

  it('changes nothing on a closed ticket but still answers with it', async () => {
    const world = conversation(ticketRow({ status: 'closed' }));
    await put(CloseTicketUseCase, world, { status: 'closed' });
    expect(world.state.closedBy).toEqual([]);
    expect(world.state.events).toHaveLength(1);
  });
});

describe('reopen (closed → open or pending)', () => {
  it('opens for the caller, attending from now, without a notice', async () => {
    const world = conversation(ticketRow({ status: 'closed', userId: COLLEAGUE }));
    world.state.settings['sendMsgTransfTicket'] = 'enabled';
    world.state.settings['sendGreetingAccepted'] = 'enabled';
    await put(ReopenTicketUseCase, world, { status: 'open' });
    expect(world.ticket()).toMatchObject({ status: 'open', userId: CALLER });
    expect(world.state.cycle).toMatchObject({ userId: CALLER, startedAt: 'now' });
    expect(world.state.said).toEqual([]);
  });

  it('reopens as pending without a user, for auto-assignment', async () => {
    const world = conversation(ticketRow({ status: 'closed', userId: COLLEAGUE }));
    await put(ReopenTicketUseCase, world, { status: 'pending', userId: COLLEAGUE });
    expect(world.ticket()).toMatchObject({ status: 'pending', userId: null });
    expect(world.state.cycle).toMatchObject({ queuedAt: 'now', startedAt: null });
    expect(world.state.autoAssigned).toEqual([10]);
  });

  it('is refused while the contact has another open or pending ticket, naming it', async () => {
    const world = conversation(ticketRow({ status: 'closed' }));
    world.state.otherActive = ticketRow({ id: 11, uuid: '00000000-0000-4000-8000-000000000011', status: 'open' });
    const error = await put(ReopenTicketUseCase, world, { status: 'open' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: 11 } });
    expect(world.ticket().status).toBe('closed');
  });
});

describe('transfer (status unchanged)', () => {
  it('moves an open ticket to another queue and user, telling the customer both', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: CALLER }));
    world.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(TransferTicketUseCase, world, { queueId: SUPPORT, userId: COLLEAGUE });
    expect(world.ticket()).toMatchObject({ status: 'open', queueId: SUPPORT, userId: COLLEAGUE });
    expect(world.state.cycle).toMatchObject({ userId: COLLEAGUE, queueId: SUPPORT, queuedAt: 'now' });
    expect(world.state.said.map((said) => said.text)).toEqual([
      '*Mensagem automática*:\nVocê foi transferido para o departamento *Suporte* e contará com a presença de *Bruno*\naguarde, já vamos te atender!',
    ]);
    expect(world.state.autoAssigned).toEqual([]);
  });

  it('keeps a pending ticket without a user and offers it to its new queue’s auto-assignment', async () => {
    const world = conversation(ticketRow());
    await put(TransferTicketUseCase, world, { queueId: SUPPORT, userId: COLLEAGUE });
    expect(world.ticket()).toMatchObject({ status: 'pending', queueId: SUPPORT, userId: null });
    expect(world.state.autoAssigned).toEqual([10]);
  });

  it('sends no notice when disabled, to a group, or when nothing moved', async () => {
    const disabled = conversation(ticketRow({ status: 'open', userId: CALLER }));
    await put(TransferTicketUseCase, disabled, { userId: COLLEAGUE });
    const group = conversation(ticketRow({ status: 'open', userId: CALLER, isGroup: true }));
    group.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(TransferTicketUseCase, group, { userId: COLLEAGUE });
    const same = conversation(ticketRow({ status: 'open', userId: CALLER }));
    same.state.settings['sendMsgTransfTicket'] = 'enabled';
    await put(TransferTicketUseCase, same, {});
    expect([disabled, group, same].map((world) => world.state.said)).toEqual([[], [], []]);
    expect(same.ticket()).toMatchObject({ status: 'open', userId: CALLER, chatbot: false });
  });

  it('sets the automation the body names', async () => {
    const world = conversation(ticketRow({ status: 'open', userId: CALLER }));
    await put(TransferTicketUseCase, world, { useIntegration: true, integrationId: 3 });
    expect(world.ticket()).toMatchObject({ useIntegration: true, integrationId: 3, promptId: null });
  });
});
