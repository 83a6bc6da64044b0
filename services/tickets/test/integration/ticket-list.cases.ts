/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * `GET /tickets` on a known set of tickets: each filter alone and combined (they narrow each other, unlike
 * upstream), what each role sees (admin with and without `showAll`, users with queues, `allTicket`, a user
 * asking for `showAll`), 40 per page with `hasMore`, search by contact name, number and message text; then
 * auto-assignment of a queue's new tickets, round-robin over its online agents, through the inbound path.
 *
 * The list's tickets are written straight into the service's tables (with their times and messages) so
 * that every expected page is known exactly; queues, tags and users come through the API and events.
 */
import { randomUUID } from 'node:crypto';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import {
  addContact,
  type Caller,
  type CompanySetup,
  inboundText,
  publishUser,
  setupCompany,
  sharedHarness,
  updateConnection,
} from '../support/harness.js';
import { listsTicket, opensTicket, type TicketViewer } from '../../src/modules/tickets/ticket-visibility.js';
import { SEARCH_GATHER_CAP, SEARCH_WINDOW_FACTOR, TicketsQueries } from '../../src/modules/tickets/tickets.queries.js';

const harness = sharedHarness();

describe('the ticket list', () => {
  let setup: CompanySetup;
  let sales: number;
  let support: number;
  let vip: number;
  let urgent: number;
  const t: Record<string, number> = {};
  let bruno: Caller;
  let carla: Caller;
  let dani: Caller;

  /** One ticket with its contact and last message; times are São Paulo wall-clock. */
  async function ticket(
    key: string,
    spec: {
      status: 'open' | 'pending' | 'closed';
      queueId?: number | null;
      userId?: number | null;
      unread?: number;
      contact: [string, string];
      message: string;
      created: string;
      updated: string;
      tags?: number[];
    },
  ): Promise<void> {
    const contactId = setup.companyId * 1000 + Object.keys(t).length + 1;
    await harness.query('INSERT INTO tickets.contacts (company_id, id, name, number) VALUES ($1, $2, $3, $4)', [
      setup.companyId,
      contactId,
      spec.contact[0],
      spec.contact[1],
    ]);
    const [row] = await harness.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, queue_id, user_id, whatsapp_id, contact_id, chat_jid,
         unread_messages, last_message, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        randomUUID(),
        setup.companyId,
        spec.status,
        spec.queueId ?? null,
        spec.userId ?? null,
        setup.connectionId,
        contactId,
        `${spec.contact[1]}@s.whatsapp.net`,
        spec.unread ?? 0,
        spec.message,
        `${spec.created}:00-03`,
        `${spec.updated}:00-03`,
      ],
    );
    const id = row?.id as number;
    await harness.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), setup.companyId, id, contactId, setup.connectionId, spec.message, `${spec.updated}:00-03`],
    );
    for (const tag of spec.tags ?? []) {
      await harness.query('INSERT INTO tickets.ticket_tags (company_id, ticket_id, tag_id) VALUES ($1, $2, $3)', [
        setup.companyId,
        id,
        tag,
      ]);
    }
    t[key] = id;
  }

  beforeAll(async () => {
    setup = await setupCompany(harness, await nextCompanyId());
    sales = (await harness.http('POST', '/queue', setup.admin, { name: 'Vendas', color: '#2196f3' })).body.id;
    support = (await harness.http('POST', '/queue', setup.admin, { name: 'Suporte', color: '#4caf50' })).body.id;
    vip = (await harness.http('POST', '/tags', setup.admin, { name: 'VIP' })).body.id;
    urgent = (await harness.http('POST', '/tags', setup.admin, { name: 'Urgente' })).body.id;
    const base = setup.companyId * 10;
    bruno = { companyId: setup.companyId, userId: base + 5, profile: 'user' };
    carla = { companyId: setup.companyId, userId: base + 6, profile: 'user' };
    dani = { companyId: setup.companyId, userId: base + 7, profile: 'user' };
    await publishUser(harness, setup.companyId, {
      id: bruno.userId,
      name: 'Bruno',
      profile: 'user',
      queueIds: [sales],
    });
    await publishUser(harness, setup.companyId, {
      id: carla.userId,
      name: 'Carla',
      profile: 'user',
      queueIds: [support],
      allTicket: 'enable',
    });
    await publishUser(harness, setup.companyId, { id: dani.userId, name: 'Dani', profile: 'user' });
    const ana = setup.admin.userId;

    // 45 old closed tickets of the admin, without a queue: the tail of the list
    for (let index = 1; index <= 45; index++) {
      const minute = String(index).padStart(2, '0');
      await ticket(`F${index}`, {
        status: 'closed',
        userId: ana,
        contact: [`Cliente ${minute}`, `55119000000${minute}`],
        message: `Histórico ${minute}`,
        created: '2026-04-01 08:00',
        updated: `2026-04-01 09:${minute}`,
      });
    }
    // the interesting ones, oldest first (T1 is the most recently updated)
    await ticket('T8', {
      status: 'closed',
      queueId: support,
      userId: carla.userId,
      contact: ['Beatriz Rocha', '5511988880008'],
      message: 'Resolvido, obrigada',
      created: '2026-05-09 15:00',
      updated: '2026-05-09 16:00',
    });
    await ticket('T7', {
      status: 'open',
      userId: ana,
      contact: ['Marcos Souza', '5511977770007'],
      message: 'Preciso de nota fiscal',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 09:10',
      tags: [urgent],
    });
    await ticket('T6', {
      status: 'closed',
      queueId: sales,
      userId: bruno.userId,
      contact: ['Fernanda Costa', '5511966660006'],
      message: 'Obrigado pelo notebook',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 09:20',
    });
    await ticket('T5', {
      status: 'pending',
      unread: 1,
      contact: ['Lucas Mendes', '5511955550005'],
      message: 'Bom dia',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 09:30',
    });
    await ticket('T4', {
      status: 'open',
      queueId: support,
      userId: carla.userId,
      unread: 3,
      contact: ['Pedro Alves', '5511944440004'],
      message: 'Fatura duplicada',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 09:40',
      tags: [vip, urgent],
    });
    await ticket('T3', {
      status: 'pending',
      queueId: support,
      unread: 1,
      contact: ['Ana Paula', '5521933330003'],
      message: 'Minha internet caiu',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 09:50',
    });
    await ticket('T2', {
      status: 'open',
      queueId: sales,
      userId: bruno.userId,
      contact: ['João Lima', '5511922220002'],
      message: 'O boleto venceu',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 10:00',
      tags: [vip],
    });
    await ticket('T1', {
      status: 'pending',
      queueId: sales,
      unread: 2,
      contact: ['Maria Souza', '5511911110001'],
      message: 'Quero comprar um notebook',
      created: '2026-05-10 09:00',
      updated: '2026-05-10 10:05',
    });
  });

  /** The keys of the listed tickets (the tail of old ones shown as F*), in list order. */
  async function list(caller: Caller, query: string): Promise<string[]> {
    const response = await harness.http('GET', `/tickets?${query}`, caller);
    expect(response.status).toBe(200);
    const keyOf = new Map(Object.entries(t).map(([key, id]) => [id, key]));
    return response.body.tickets.map((item: { id: number }) => keyOf.get(item.id) ?? `?${item.id}`);
  }
  const without = (keys: string[]): string[] => keys.filter((key) => !key.startsWith('F'));

  describe('visibility by role', () => {
    it('admin: own tickets and every pending one; everything with showAll', async () => {
      expect(without(await list(setup.admin, 'pageNumber=1'))).toEqual(['T1', 'T3', 'T5', 'T7']);
      expect(without(await list(setup.admin, 'showAll=true'))).toEqual([
        'T1',
        'T2',
        'T3',
        'T4',
        'T5',
        'T6',
        'T7',
        'T8',
      ]);
    });

    it('a user: own tickets and pending ones of their queues; showAll is not theirs to use', async () => {
      expect(await list(bruno, '')).toEqual(['T1', 'T2', 'T6']);
      expect(await list(bruno, 'showAll=true')).toEqual(['T1', 'T2', 'T6']);
      expect(await list(dani, 'showAll=true')).toEqual([]);
    });

    it.each([
      ['status=open', { admin: ['T7'], bruno: ['T2'], carla: ['T4'] }],
      ['status=pending', { admin: ['T1', 'T3', 'T5'], bruno: ['T1'], carla: ['T3', 'T5'] }],
      ['status=closed', { admin: [], bruno: ['T6'], carla: ['T8'] }],
    ])('each tab (%s) shows what the role may see of that status', async (filter, expected) => {
      expect(without(await list(setup.admin, filter))).toEqual(expected.admin);
      expect(await list(bruno, filter)).toEqual(expected.bruno);
      expect(await list(carla, filter)).toEqual(expected.carla);
      expect(await list(dani, filter)).toEqual([]);
    });

    it('a user with allTicket also sees queue-less pending tickets', async () => {
      expect(await list(carla, '')).toEqual(['T3', 'T4', 'T5', 'T8']);
      const opened = await harness.http('GET', `/tickets/${t['T5']}`, carla);
      expect(opened.status).toBe(200);
      const refused = await harness.http('GET', `/tickets/${t['T5']}`, bruno);
      expect(refused.status).toBe(403);
    });
  });

  describe('the visibility policy, as SQL and in memory', () => {
    /** Each caller as the policy reads them (their queues and allTicket as published above). */
    const viewers = (): Array<[string, Caller, TicketViewer]> => [
      ['admin', setup.admin, { userId: setup.admin.userId, admin: true, queueIds: [], allTicket: false }],
      ['bruno', bruno, { userId: bruno.userId, admin: false, queueIds: [sales], allTicket: false }],
      ['carla', carla, { userId: carla.userId, admin: false, queueIds: [support], allTicket: true }],
      ['dani', dani, { userId: dani.userId, admin: false, queueIds: [], allTicket: false }],
    ];

    it('lists, for every role, tab and "show all", exactly the tickets the in-memory rule (the browser’s) keeps', async () => {
      const rows = await harness.query<{ id: number; status: string; queue_id: number | null; user_id: number | null }>(
        'SELECT id, status, queue_id, user_id FROM tickets.tickets WHERE company_id = $1 AND id = ANY($2::int[])',
        [setup.companyId, ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8'].map((key) => t[key])],
      );
      const keyOf = new Map(Object.entries(t).map(([key, id]) => [id, key]));
      for (const [name, caller, viewer] of viewers()) {
        for (const status of [undefined, 'open', 'pending', 'closed']) {
          for (const showAll of [false, true]) {
            const expected = rows
              .filter((row) =>
                listsTicket(
                  viewer,
                  { status: row.status, queueId: row.queue_id, userId: row.user_id },
                  { status, showAll },
                ),
              )
              .map((row) => keyOf.get(row.id) as string)
              .sort();
            const query = `${status ? `status=${status}&` : ''}showAll=${String(showAll)}`;
            expect([name, query, without(await list(caller, query)).sort()]).toEqual([name, query, expected]);
          }
        }
        for (const row of rows) {
          const opened = await harness.http('GET', `/tickets/${row.id}`, caller);
          const may = opensTicket(viewer, { queueId: row.queue_id, userId: row.user_id });
          expect([name, keyOf.get(row.id), opened.status]).toEqual([name, keyOf.get(row.id), may ? 200 : 403]);
        }
      }
    });
  });

  describe('filters, each alone', () => {
    it.each([
      ['status=open', ['T2', 'T4', 'T7']],
      ['status=pending', ['T1', 'T3', 'T5']],
      ['queueIds=' + encodeURIComponent('[SALES]'), ['T1', 'T2', 'T5', 'T6', 'T7']],
      ['tags=' + encodeURIComponent('[VIP]'), ['T2', 'T4']],
      ['tags=' + encodeURIComponent('[VIP,URGENT]'), ['T4']],
      ['users=' + encodeURIComponent('[BRUNO]'), ['T2', 'T6']],
      ['users=' + encodeURIComponent('[BRUNO,CARLA]'), ['T2', 'T4', 'T6', 'T8']],
      ['withUnreadMessages=true', ['T1', 'T3', 'T4', 'T5']],
      ['date=2026-05-09', ['T8']],
      ['updatedAt=2026-05-10', ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7']],
    ])('%s', async (filter, expected) => {
      const query = filter
        .replace('SALES', String(sales))
        .replace('VIP', String(vip))
        .replace('URGENT', String(urgent))
        .replace('BRUNO', String(bruno.userId))
        .replace('CARLA', String(carla.userId));
      expect(without(await list(setup.admin, `showAll=true&${query}`))).toEqual(expected);
    });

    it('status=closed includes the old tickets', async () => {
      const { body } = await harness.http('GET', '/tickets?showAll=true&status=closed', setup.admin);
      expect(body.count).toBe(47);
    });

    it.each([
      ['a contact name', 'souza', ['T1', 'T7']],
      ['part of a number', '21933', ['T3']],
      ['a word of a message', 'notebook', ['T1', 'T6']],
      ['the start of a word', 'fatu', ['T4']],
    ])('searches by %s', async (_what, search, expected) => {
      expect(await list(setup.admin, `showAll=true&searchParam=${encodeURIComponent(search)}`)).toEqual(expected);
    });
  });

  describe('filters combined (each narrows the others)', () => {
    it.each([
      ['searchParam=notebook&status=closed', ['T6']],
      ['status=open&queueIds=[SALES]', ['T2', 'T7']],
      ['status=pending&queueIds=[SUPPORT]', ['T3', 'T5']],
      ['tags=[URGENT]&users=[ANA]', ['T7']],
      ['withUnreadMessages=true&queueIds=[SUPPORT]&status=open', ['T4']],
      ['searchParam=souza&withUnreadMessages=true', ['T1']],
      ['updatedAt=2026-05-10&status=closed&tags=[VIP]', []],
    ])('%s', async (filter, expected: string[]) => {
      const query = filter
        .replace('SALES', String(sales))
        .replace('SUPPORT', String(support))
        .replace('VIP', String(vip))
        .replace('URGENT', String(urgent))
        .replace('ANA', String(setup.admin.userId));
      expect(without(await list(setup.admin, `showAll=true&${query}`))).toEqual(expected);
    });

    it('a user’s search stays within what they may see', async () => {
      expect(await list(bruno, 'searchParam=notebook')).toEqual(['T1', 'T6']);
      expect(await list(bruno, 'searchParam=fatura')).toEqual([]);
      expect(await list(carla, 'searchParam=fatura')).toEqual(['T4']);
    });
  });

  describe('search, however it is served', () => {
    // A search tests the list's most recent tickets first (a common word fills the page there), else gathers
    // the matches from the indexes (a rare term), else walks the whole list in order (many matches, sparse in
    // what the caller sees). Each way must give exactly the same pages.
    const ways = {
      'the recent window': { windowFactor: SEARCH_WINDOW_FACTOR, gatherCap: SEARCH_GATHER_CAP },
      'gathered matches': { windowFactor: 0, gatherCap: SEARCH_GATHER_CAP },
      'a walk of the list': { windowFactor: 0, gatherCap: 0 },
    };
    const pages = async (caller: Caller, query: string) => {
      const answers = [];
      for (const pageNumber of [1, 2]) {
        const { status, body } = await harness.http('GET', `/tickets?${query}&pageNumber=${pageNumber}`, caller);
        expect(status).toBe(200);
        answers.push({ ids: body.tickets.map((item: { id: number }) => item.id), hasMore: body.hasMore });
      }
      return answers;
    };
    afterEach(() => {
      harness.app.app.get(TicketsQueries).searchTuning = ways['the recent window'];
    });

    it.each(Object.keys(ways))('%s', async (way) => {
      const queries = harness.app.app.get(TicketsQueries);
      queries.searchTuning = ways[way as keyof typeof ways];
      // every old ticket's message ("Histórico NN": two pages), a contact name, a message word, none
      expect(await pages(setup.admin, 'showAll=true&searchParam=hist')).toEqual([
        { ids: [...Array(40).keys()].map((i) => t[`F${45 - i}`]), hasMore: true },
        { ids: [5, 4, 3, 2, 1].map((i) => t[`F${i}`]), hasMore: false },
      ]);
      expect((await pages(setup.admin, 'showAll=true&searchParam=souza'))[0]).toEqual({
        ids: [t['T1'], t['T7']],
        hasMore: false,
      });
      expect((await pages(setup.admin, 'showAll=true&searchParam=cliente&status=closed'))[1]?.ids).toHaveLength(5);
      expect((await pages(bruno, 'searchParam=notebook'))[0]?.ids).toEqual([t['T1'], t['T6']]);
      expect((await pages(carla, 'searchParam=nada-assim'))[0]).toEqual({ ids: [], hasMore: false });
    });
  });

  describe('a tag filter, however it is served', () => {
    // a tag on at most `gatherCap` tickets is gathered from the tag index (counted exactly); a tag on more is
    // tested ticket by ticket in list order until the page is full: the same tickets either way
    afterEach(() => {
      harness.app.app.get(TicketsQueries).searchTuning = {
        windowFactor: SEARCH_WINDOW_FACTOR,
        gatherCap: SEARCH_GATHER_CAP,
      };
    });

    it.each([
      ['gathered', SEARCH_GATHER_CAP],
      ['walked', 0],
    ])('%s', async (_way, gatherCap) => {
      harness.app.app.get(TicketsQueries).searchTuning = { windowFactor: SEARCH_WINDOW_FACTOR, gatherCap };
      expect(without(await list(setup.admin, `showAll=true&tags=${encodeURIComponent(`[${vip}]`)}`))).toEqual([
        'T2',
        'T4',
      ]);
      expect(without(await list(setup.admin, `showAll=true&tags=${encodeURIComponent(`[${vip},${urgent}]`)}`))).toEqual(
        ['T4'],
      );
      expect(without(await list(setup.admin, `showAll=true&tags=[${urgent}]&users=[${setup.admin.userId}]`))).toEqual([
        'T7',
      ]);
      const { body } = await harness.http('GET', `/tickets?showAll=true&tags=[${vip}]`, setup.admin);
      expect({ count: body.count, hasMore: body.hasMore }).toEqual({ count: 2, hasMore: false });
    });
  });

  describe('pagination', () => {
    it('gives 40 per page, most recently updated first, with count and hasMore', async () => {
      const first = await harness.http('GET', '/tickets?showAll=true&pageNumber=1', setup.admin);
      expect(first.body).toMatchObject({ count: 53, hasMore: true });
      expect(first.body.tickets).toHaveLength(40);
      expect(first.body.tickets[0]).toMatchObject({
        id: t['T1'],
        contact: { name: 'Maria Souza', number: '5511911110001' },
        queue: { id: sales, name: 'Vendas', color: '#2196f3' },
        whatsapp: { name: 'WhatsApp Loja' },
        unreadMessages: 2,
        lastMessage: 'Quero comprar um notebook',
      });
      const second = await harness.http('GET', '/tickets?showAll=true&pageNumber=2', setup.admin);
      expect(second.body).toMatchObject({ count: 53, hasMore: false });
      expect(second.body.tickets).toHaveLength(13);
      const ids = [...first.body.tickets, ...second.body.tickets].map((item: { id: number }) => item.id);
      expect(new Set(ids).size).toBe(53);
      expect(second.body.tickets.at(-1).id).toBe(t['F1']);
    });
  });
});

describe('auto-assignment', () => {
  it('gives a queue’s new tickets to its online agents in turn, skipping offline ones', async () => {
    const setup = await setupCompany(harness, await nextCompanyId());
    const queue = (
      await harness.http('POST', '/queue', setup.admin, { name: 'Atendimento', color: '#9c27b0', autoAssign: true })
    ).body;
    expect(queue.autoAssign).toBe(true);
    const other = (await harness.http('POST', '/queue', setup.admin, { name: 'Outra', color: '#795548' })).body.id;
    const base = setup.companyId * 10;
    const [first, offline, third, elsewhere] = [base + 5, base + 6, base + 7, base + 8];
    await publishUser(harness, setup.companyId, { id: first, name: 'Primeiro', profile: 'user', queueIds: [queue.id] });
    await publishUser(harness, setup.companyId, {
      id: offline,
      name: 'Ausente',
      profile: 'user',
      queueIds: [queue.id],
      online: false,
    });
    await publishUser(harness, setup.companyId, { id: third, name: 'Terceiro', profile: 'user', queueIds: [queue.id] });
    await publishUser(harness, setup.companyId, { id: elsewhere, name: 'Outro', profile: 'user', queueIds: [other] });
    await updateConnection(harness, setup, { queueIds: [queue.id] });

    const assignee = async (index: number): Promise<number | null> => {
      const contact = await addContact(
        harness,
        setup.companyId,
        setup.companyId * 100 + index,
        `Cliente ${index}`,
        `55119700000${index}`,
      );
      await harness.publish(
        'contacts.inbound-message.resolved',
        setup.companyId,
        contact.number,
        inboundText(contact, setup.connectionId, 'Oi, quero atendimento'),
      );
      const [row] = await expectEventually(async () => {
        const rows = await harness.query<{ id: number; user_id: number | null; status: string }>(
          'SELECT id, user_id, status FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2',
          [setup.companyId, contact.id],
        );
        expect(rows[0]?.status).toBe('open');
        return rows;
      });
      const { body } = await harness.http('GET', `/tickets/${row?.id}`, setup.admin);
      expect(body).toMatchObject({ status: 'open', queue: { id: queue.id } });
      return body.userId as number | null;
    };

    expect(await assignee(1)).toBe(first);
    expect(await assignee(2)).toBe(third);
    expect(await assignee(3)).toBe(first);
    await publishUser(
      harness,
      setup.companyId,
      { id: offline, name: 'Ausente', profile: 'user', queueIds: [queue.id], online: true },
      'identity.user.updated',
    );
    expect(await assignee(4)).toBe(offline);
    expect(await assignee(5)).toBe(third);
  });

  it('leaves a queue without auto-assignment to its agents (pending)', async () => {
    const setup = await setupCompany(harness, await nextCompanyId());
    const queue = (await harness.http('POST', '/queue', setup.admin, { name: 'Manual', color: '#607d8b' })).body.id;
    await publishUser(harness, setup.companyId, {
      id: setup.companyId * 10 + 5,
      name: 'Agente',
      profile: 'user',
      queueIds: [queue],
    });
    await updateConnection(harness, setup, { queueIds: [queue] });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      setup.contact.number,
      inboundText(setup.contact, setup.connectionId, 'Olá'),
    );
    await expectEventually(async () => {
      const rows = await harness.query<{ user_id: number | null; status: string; queue_id: number | null }>(
        'SELECT user_id, status, queue_id FROM tickets.tickets WHERE company_id = $1',
        [setup.companyId],
      );
      expect(rows).toEqual([{ user_id: null, status: 'pending', queue_id: queue }]);
    });
  });
});
