import type { ScheduleEntry } from '@cs/proto/events';
import type { TicketsConfig } from '../../config/env.js';
import type { MediaStorage } from '../media/media.storage.js';
import type { OutboundService } from '../messages/outbound.service.js';
import type { CompanyView, ConnectionView } from '../projections/projections.repository.js';
import type { QueueOptionRow, QueueRow, QueuesRepository } from '../queues/queues.repository.js';
import type { TicketRow, TicketsRepository, TrackingRow } from '../tickets/tickets.repository.js';
import {
  COMPANY,
  companyView,
  connectionView,
  optionRow,
  queueRow,
  patchedTicket,
  ticketRow,
} from '../../../test/factories/rows.js';
import type { AutoAssignService } from './auto-assign.service.js';
import { ChatbotService, INVALID_OPTION } from './chatbot.service.js';

const SALES = queueRow({ id: 1, name: 'Vendas', greetingMessage: 'Bem-vindo a Vendas' });
const SUPPORT = queueRow({ id: 2, name: 'Suporte' });
const NEW_CAR = optionRow({ id: 11, queueId: SALES.id, option: '1', title: 'Carro novo', message: 'Qual modelo?' });
const USED_CAR = optionRow({ id: 12, queueId: SALES.id, option: '2', title: 'Usado', message: 'Um vendedor já vem' });
const SUV = optionRow({
  id: 21,
  queueId: SALES.id,
  parentId: NEW_CAR.id,
  option: '1',
  title: 'SUV',
  message: 'Anotado',
});
const closedAllWeek: ScheduleEntry[] = (
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
).map((day) => ({ weekday: day, weekdayEn: day, startTime: '00:00', endTime: '00:00' }));

/** The chatbot over one ticket in memory: what the customer was sent, who got auto-assigned, the ticket's cycle. */
function chatbotOver(setup: {
  ticket?: Partial<TicketRow>;
  queues?: QueueRow[];
  options?: QueueOptionRow[];
  connection?: Partial<ConnectionView>;
  company?: Partial<CompanyView>;
  lastMenuAt?: Date;
}) {
  const queues = setup.queues ?? [SALES, SUPPORT];
  const options = setup.options ?? [];
  const state = {
    ticket: ticketRow(setup.ticket),
    sent: [] as string[],
    autoAssigned: [] as TicketRow[],
    cycleQueueId: null as number | null,
  };
  const tickets: Partial<TicketsRepository> = {
    find: async () => state.ticket,
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(state.ticket, patch)),
    openCycle: async () => ({ id: 1 }) as TrackingRow,
    patchCycle: async (_companyId, _id, patch) => {
      state.cycleQueueId = patch.queueId ?? state.cycleQueueId;
    },
    currentCycle: async () => ({ id: 1, chatbotAt: setup.lastMenuAt ?? null }) as TrackingRow,
    countBotMenu: async () => {
      state.ticket = { ...state.ticket, botMenuCount: state.ticket.botMenuCount + 1 };
    },
  };
  const queueRepository: Partial<QueuesRepository> = {
    find: async (_companyId, id) => queues.find((queue) => queue.id === id) ?? null,
    findMany: async (_companyId, ids) => queues.filter((queue) => ids.includes(queue.id)),
    options: async (_companyId, queueId, parentId) =>
      options.filter((option) => option.queueId === queueId && option.parentId === parentId),
    option: async (_companyId, id) => options.find((option) => option.id === id) ?? null,
  };
  const outbound: Partial<OutboundService> = {
    send: async (_companyId, _ticket, message) => {
      state.sent.push(message.media ? `[${message.media.fileName}]` : message.body);
      return undefined as never;
    },
  };
  const media: Partial<MediaStorage> = { urlOf: (path: string) => `https://media.test/${path}` };
  const autoAssign: Partial<AutoAssignService> = {
    assign: async (_companyId, ticket) => {
      state.autoAssigned.push(ticket);
      return null;
    },
  };
  const chatbot = new ChatbotService(
    tickets as TicketsRepository,
    queueRepository as QueuesRepository,
    outbound as OutboundService,
    media as MediaStorage,
    autoAssign as AutoAssignService,
    { TICKETS_TIMER_MINUTE_MS: 60_000 } as TicketsConfig,
  );
  const connection = connectionView({ queueIds: queues.map((queue) => queue.id), ...setup.connection });
  const company = companyView(setup.company);
  const says = (body: string) =>
    chatbot.handle({ companyId: COMPANY, ticket: state.ticket, body, connection, company, contactName: 'Maria' });
  return { state, says, chatbot, connection, company };
}

describe(ChatbotService.name, () => {
  it('answers only pending tickets without a person, outside groups and bots', () => {
    const { chatbot } = chatbotOver({});
    expect(chatbot.answers(ticketRow())).toBe(true);
    expect(chatbot.answers(ticketRow({ status: 'open', userId: 3 }))).toBe(false);
    expect(chatbot.answers(ticketRow({ userId: 3 }))).toBe(false);
    expect(chatbot.answers(ticketRow({ isGroup: true }))).toBe(false);
    expect(chatbot.answers(ticketRow({ useIntegration: true, promptId: 1 }))).toBe(false);
  });

  it('greets a first message with the numbered queues, counting the menu', async () => {
    const { state, says } = chatbotOver({ connection: { greetingMessage: 'Olá {{name}}!' } });
    expect(await says('oi')).toBe(true);
    expect(state.sent).toEqual(['Olá Maria!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
    expect(state.ticket.botMenuCount).toBe(1);
    expect(state.ticket.queueId).toBeNull();
  });

  it('puts the ticket in the queue whose number the customer typed and greets in it', async () => {
    const { state, says } = chatbotOver({ ticket: { botMenuCount: 1 } });
    await says('1');
    expect(state.ticket.queueId).toBe(SALES.id);
    expect(state.cycleQueueId).toBe(SALES.id);
    expect(state.sent).toEqual(['Bem-vindo a Vendas']);
    expect(state.autoAssigned.map((ticket) => ticket.queueId)).toEqual([SALES.id]);
  });

  it('repeats the menu after an invalid answer, saying it was invalid', async () => {
    const { state, says } = chatbotOver({ ticket: { botMenuCount: 1 } });
    await says('9');
    expect(state.ticket.queueId).toBeNull();
    expect(state.sent).toEqual([INVALID_OPTION, '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
  });

  it('stops sending the menu once the connection’s limit of menus is reached', async () => {
    const { state, says } = chatbotOver({ ticket: { botMenuCount: 3 }, connection: { maxUseBotQueues: 3 } });
    await says('talvez');
    expect(state.sent).toEqual([]);
  });

  it('waits the connection’s minutes before sending the menu again', async () => {
    const recently = chatbotOver({
      ticket: { botMenuCount: 1 },
      connection: { timeUseBotQueues: 10, maxUseBotQueues: 0 },
      lastMenuAt: new Date(Date.now() - 60_000),
    });
    await recently.says('talvez');
    expect(recently.state.sent).toEqual([]);
    const later = chatbotOver({
      ticket: { botMenuCount: 1 },
      connection: { timeUseBotQueues: 10, maxUseBotQueues: 0 },
      lastMenuAt: new Date(Date.now() - 11 * 60_000),
    });
    await later.says('talvez');
    expect(later.state.sent).toHaveLength(2);
  });

  it('enters the only queue directly, greeting once when the company asks for it', async () => {
    const { state, says } = chatbotOver({
      queues: [SUPPORT],
      connection: { greetingMessage: 'Olá!' },
      company: { settings: { sendGreetingMessageOneQueues: 'enabled' } },
    });
    await says('oi');
    expect(state.ticket.queueId).toBe(SUPPORT.id);
    expect(state.ticket.greetingSentAt).not.toBeNull();
    expect(state.sent).toEqual(['Olá!']);
  });

  it('greets once and leaves the ticket alone on a connection without queues', async () => {
    const { state, says } = chatbotOver({ queues: [], connection: { greetingMessage: 'Olá!' } });
    await says('oi');
    await says('oi de novo');
    expect(state.sent).toEqual(['Olá!']);
    expect(state.ticket.queueId).toBeNull();
  });

  it('shows a queue’s options, walks into a sub-menu and ends on a leaf that waits for a person', async () => {
    const { state, says } = chatbotOver({ ticket: { botMenuCount: 1 }, options: [NEW_CAR, USED_CAR, SUV] });
    await says('1');
    expect(state.ticket).toMatchObject({ queueId: SALES.id, chatbot: true });
    expect(state.sent.at(-1)).toBe(
      'Bem-vindo a Vendas\n\n*[ 1 ]* - Carro novo\n*[ 2 ]* - Usado\n\n*[ # ]* - Menu inicial',
    );
    await says('1');
    expect(state.ticket.queueOptionId).toBe(NEW_CAR.id);
    expect(state.sent.at(-1)).toBe('Qual modelo?\n\n*[ 1 ]* - SUV\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial');
    await says('1');
    expect(state.sent.at(-1)).toBe('Anotado');
    expect(state.ticket).toMatchObject({ queueId: SALES.id, chatbot: false, queueOptionId: null });
    expect(state.autoAssigned).toHaveLength(1);
  });

  it('goes back one menu on 0 and says an unknown option is invalid', async () => {
    const { state, says } = chatbotOver({
      ticket: { queueId: SALES.id, chatbot: true, queueOptionId: NEW_CAR.id, botMenuCount: 1 },
      options: [NEW_CAR, USED_CAR, SUV],
    });
    await says('7');
    expect(state.sent.slice(-2)).toEqual([
      INVALID_OPTION,
      'Qual modelo?\n\n*[ 1 ]* - SUV\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial',
    ]);
    await says('0');
    expect(state.ticket.queueOptionId).toBeNull();
    expect(state.sent.at(-1)).toBe(
      'Bem-vindo a Vendas\n\n*[ 1 ]* - Carro novo\n*[ 2 ]* - Usado\n\n*[ # ]* - Menu inicial',
    );
  });

  it('takes the customer back to the main menu on #, even past the menu limit', async () => {
    const { state, says } = chatbotOver({
      ticket: { queueId: SALES.id, chatbot: true, botMenuCount: 3 },
      options: [NEW_CAR],
    });
    await says(' # ');
    expect(state.ticket).toMatchObject({ queueId: null, queueOptionId: null, chatbot: false, botMenuCount: 4 });
    expect(state.sent).toEqual(['*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
  });

  it('leaves a ticket waiting in its queue without options alone', async () => {
    const { state, says } = chatbotOver({ ticket: { queueId: SALES.id, chatbot: false } });
    expect(await says('alguém aí?')).toBe(false);
    expect(state.sent).toEqual([]);
  });

  it('sends the out-of-hours message outside the company’s hours, not again within five minutes', async () => {
    const { state, says } = chatbotOver({
      connection: { outOfHoursMessage: 'Estamos fechados' },
      company: { schedules: closedAllWeek, settings: { scheduleType: 'company' } },
    });
    expect(await says('oi')).toBe(true);
    await says('oi?');
    expect(state.sent).toEqual(['Estamos fechados']);
    expect(state.ticket.queueId).toBeNull();
  });

  it('sends a closed queue’s message and lets the customer choose again', async () => {
    const closed = queueRow({ ...SALES, schedules: closedAllWeek, outOfHoursMessage: 'Vendas abre às 8h' });
    const { state, says } = chatbotOver({
      ticket: { botMenuCount: 1 },
      queues: [closed, SUPPORT],
      company: { settings: { scheduleType: 'queue' } },
    });
    await says('1');
    expect(state.sent).toEqual(['Vendas abre às 8h\n\n*[ # ]* - Voltar ao Menu Principal']);
    expect(state.ticket).toMatchObject({ queueId: null, chatbot: false });
    expect(state.autoAssigned).toEqual([]);
  });
});
