/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * The inbound path and the ticket lifecycle, driven through Kafka as the real services would: contacts'
 * resolved inbound messages, the connector's send results and acks, identity's settings. Assertions are on
 * the HTTP answers, the events (`tickets.ticket.v1`, `tickets.message.v1`) and the send commands.
 */
import { DataSource } from 'typeorm';
import { expectEventually, nextCompanyId, StatementLog } from '@cs/platform/testing';
import { MessageCreated, MessageUpdated, SendMessage, TicketUpdated } from '@cs/proto/events';
import { type CompanySetup, contactSnapshot, inboundText, setupCompany, sharedHarness } from '../support/harness.js';

const harness = sharedHarness();

const ticketOf = async (setup: CompanySetup) =>
  expectEventually(async () => {
    const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
    if (!body.tickets) throw new Error(JSON.stringify(body));
    const ticket = body.tickets.find((item: { contactId: number }) => item.contactId === setup.contact.id);
    if (!ticket) throw new Error('no ticket yet');
    return ticket;
  });

describe('inbound messages', () => {
  let setup: CompanySetup;
  beforeAll(async () => {
    setup = await setupCompany(harness, await nextCompanyId());
  }, 120_000);

  it('creates a pending ticket for a new contact and announces it with the message', async () => {
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      `${setup.connectionId}:x`,
      inboundText(setup.contact, setup.connectionId, 'Bom dia! Vocês abrem sábado?', 'WA-FIRST-1'),
    );
    const ticket = await ticketOf(setup);
    expect(ticket).toMatchObject({
      status: 'pending',
      userId: null,
      lastMessage: 'Bom dia! Vocês abrem sábado?',
      unreadMessages: 1,
      contact: { name: 'Maria Souza', number: setup.contact.number },
      whatsapp: { id: setup.connectionId, name: 'WhatsApp Loja' },
    });
    await expectEventually(() => {
      const created = harness.events(setup.companyId, 'tickets.ticket.created');
      expect(created).toHaveLength(1);
      expect(created[0]?.data).toMatchObject({ previous: null, ticket: { id: ticket.id, status: 'pending' } });
      const message = harness.events(setup.companyId, 'tickets.message.created')[0];
      expect(message?.data).toMatchObject({
        message: { id: 'WA-FIRST-1', fromMe: false, isBot: false },
        ticket: { id: ticket.id },
      });
    });
  });

  it('stores a message once when WhatsApp delivers it twice and when Kafka redelivers the event', async () => {
    const payload = inboundText(setup.contact, setup.connectionId, 'Mensagem repetida', 'WA-DUP-1');
    const eventId = await harness.publish('contacts.inbound-message.resolved', setup.companyId, 'k', payload);
    await harness.publish('contacts.inbound-message.resolved', setup.companyId, 'k', payload, eventId);
    await harness.publish('contacts.inbound-message.resolved', setup.companyId, 'k', {
      ...payload,
      sourceEventId: '0193a5f2-7c4e-7b1a-9d3e-00000000ffff',
    });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, 'Depois', 'WA-DUP-2'),
    );
    const ticket = await ticketOf(setup);
    await expectEventually(async () => {
      const { body } = await harness.http('GET', `/messages/${ticket.id}`, setup.admin);
      expect(body.messages.map((message: { body: string }) => message.body)).toEqual([
        'Bom dia! Vocês abrem sábado?',
        'Mensagem repetida',
        'Depois',
      ]);
    });
    // the last one's event has arrived, so every earlier one has too (same ticket key, same partition)
    await expectEventually(() => {
      const created = harness.eventsOf(setup.companyId, MessageCreated).map((event) => event.data.message.id);
      expect(created).toContain('WA-DUP-2');
      expect(created.filter((id) => id === 'WA-DUP-1')).toHaveLength(1);
    });
  });

  it('reading the messages resets the unread count and announces it', async () => {
    const ticket = await ticketOf(setup);
    const { body } = await harness.http('GET', `/messages/${ticket.id}`, setup.admin);
    expect(body.ticket.unreadMessages).toBe(0);
    expect(body.hasMore).toBe(false);
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.ticket.unread-reset').length).toBeGreaterThan(0),
    );
    await expectEventually(() => {
      const reads = harness.events(setup.companyId, 'whatsapp.chat.mark-read').map((event) => event.data);
      expect(reads).toContainEqual(
        expect.objectContaining({ connectionId: setup.connectionId, messageIds: expect.arrayContaining(['WA-DUP-1']) }),
      );
    });
  });
});

describe('the lifecycle of a ticket', () => {
  let setup: CompanySetup;
  beforeAll(async () => {
    setup = await setupCompany(harness, await nextCompanyId(), {
      settings: { sendGreetingAccepted: 'enabled', userRating: 'enabled', sendMsgTransfTicket: 'enabled' },
      connection: {
        complationMessage: 'Atendimento encerrado. Obrigado, {{firstName}}!',
        ratingMessage: 'Como foi nosso atendimento?',
      },
    });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, 'Quero comprar'),
    );
    await ticketOf(setup);
  }, 120_000);

  it('refuses replies on a pending ticket', async () => {
    const ticket = await ticketOf(setup);
    const response = await harness.http('POST', `/messages/${ticket.id}`, setup.admin, { body: 'Oi' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_TICKET_NOT_OPEN');
  });

  it('accepts: open, assigned to the caller, with the greeting naming the agent sent by the server', async () => {
    const ticket = await ticketOf(setup);
    const { status, body } = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, {
      status: 'open',
      userId: setup.admin.userId,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'open', userId: setup.admin.userId, user: { name: 'Ana Admin' } });
    await harness.waitForText(
      setup.companyId,
      /^\*Mensagem Automática:\*\n(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Maria Souza\*, meu nome é \*Ana Admin\* e agora vou prosseguir com seu atendimento!$/,
    );
    await expectEventually(() =>
      expect(
        harness.eventsOf(setup.companyId, TicketUpdated).some((event) => event.data.previous?.status === 'pending'),
      ).toBe(true),
    );
  });

  it('sends a reply as pending, then applies the sent result and the acks', async () => {
    const ticket = await ticketOf(setup);
    const { status, body } = await harness.http('POST', `/messages/${ticket.id}`, setup.admin, {
      body: 'Olá {{firstName}}, posso ajudar?',
    });
    expect(status).toBe(200);
    const [message] = body;
    expect(message).toMatchObject({ body: 'Olá Maria, posso ajudar?', fromMe: true, ack: 0, isBot: false });
    const command = await expectEventually(() => {
      const found = harness
        .eventsOf(setup.companyId, SendMessage)
        .find((event) => event.data.clientMessageId === message.id);
      if (!found) throw new Error('no send command');
      return found.data;
    });
    expect(command.chatJid).toBe(`${setup.contact.number}@s.whatsapp.net`);
    expect(command.content).toEqual({ kind: 'text', body: 'Olá Maria, posso ajudar?' });
    await harness.publish('whatsapp.message.sent', setup.companyId, 'k', {
      commandId: command.commandId,
      clientMessageId: message.id,
      connectionId: setup.connectionId,
      chatJid: command.chatJid,
      messageId: 'WA-OUT-1',
      timestamp: new Date().toISOString(),
    });
    await harness.publish('whatsapp.message.ack', setup.companyId, 'k', {
      connectionId: setup.connectionId,
      chatJid: command.chatJid,
      messageId: 'WA-OUT-1',
      ack: 3,
    });
    await harness.publish('whatsapp.message.ack', setup.companyId, 'k', {
      connectionId: setup.connectionId,
      chatJid: command.chatJid,
      messageId: 'WA-OUT-1',
      ack: 2,
    });
    await expectEventually(async () => {
      const page = await harness.http('GET', `/messages/${ticket.id}`, setup.admin);
      expect(page.body.messages.find((item: { id: string }) => item.id === message.id)).toMatchObject({ ack: 3 });
    });
    await expectEventually(() => {
      const acks = harness.eventsOf(setup.companyId, MessageUpdated).map((event) => event.data.message.ack);
      expect(acks).toEqual(expect.arrayContaining([1, 3]));
    });
  });

  it('transfers to a queue without a user (pending, with the notice) and returns', async () => {
    const ticket = await ticketOf(setup);
    const queue = await harness.http('POST', '/queue', setup.admin, { name: 'Financeiro', color: '#123456' });
    expect(queue.status).toBe(200);
    const moved = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, {
      queueId: queue.body.id,
      userId: null,
      status: 'pending',
    });
    expect(moved.body).toMatchObject({
      status: 'pending',
      userId: null,
      queue: { name: 'Financeiro', color: '#123456' },
    });
    await harness.waitForText(
      setup.companyId,
      '*Mensagem automática*:\nVocê foi transferido para o departamento *Financeiro*\naguarde, já vamos te atender!',
    );
    const transferred = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, {
      userId: setup.agent.userId,
      status: 'open',
    });
    expect(transferred.body).toMatchObject({ status: 'open', userId: setup.agent.userId });
    const back = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'pending' });
    expect(back.body).toMatchObject({ status: 'pending', userId: null });
    const accepted = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' });
    expect(accepted.body).toMatchObject({ status: 'open', userId: setup.admin.userId });
  });

  it('closes with the rating request and records the 1-3 answer, then the completion message', async () => {
    const ticket = await ticketOf(setup);
    const closed = await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, {
      status: 'closed',
      userId: setup.admin.userId,
      promptId: false,
      integrationId: false,
      useIntegration: false,
    });
    expect(closed.body).toMatchObject({ status: 'closed' });
    await harness.waitForText(
      setup.companyId,
      'Como foi nosso atendimento?\n\nDigite de 1 à 3 para qualificar nosso atendimento:\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_',
    );
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, '3'),
    );
    await harness.waitForText(setup.companyId, 'Atendimento encerrado. Obrigado, Maria!');
    const ratings = await harness.query<{ rate: number; user_id: number }>(
      'SELECT rate, user_id FROM tickets.user_ratings WHERE company_id = $1',
      [setup.companyId],
    );
    expect(ratings).toEqual([{ rate: 3, user_id: setup.admin.userId }]);
    const { body } = await harness.http('GET', `/tickets/${ticket.id}`, setup.admin);
    expect(body.status).toBe('closed');
    // the dashboard shows the answer as the attendant's rating
    const { body: dashboard } = await harness.http('GET', '/dashboard?days=1', setup.admin);
    expect(dashboard.attendants).toContainEqual(
      expect.objectContaining({ id: setup.admin.userId, name: 'Ana Admin', rating: 3 }),
    );
  });

  it('reopens a closed ticket as pending on a new customer message, in a new attendance cycle', async () => {
    const ticket = await ticketOf(setup);
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, 'Voltei, outra dúvida'),
    );
    await expectEventually(async () => {
      const { body } = await harness.http('GET', `/tickets/${ticket.id}`, setup.admin);
      expect(body).toMatchObject({
        status: 'pending',
        userId: null,
        queueId: null,
        lastMessage: 'Voltei, outra dúvida',
      });
    });
    const cycles = await harness.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM tickets.ticket_trackings WHERE company_id = $1 ORDER BY id',
      [setup.companyId],
    );
    expect(cycles.map((cycle) => cycle.finished)).toEqual([true, false]);
    await expectEventually(() => {
      const reopened = harness
        .eventsOf(setup.companyId, TicketUpdated)
        .filter(({ data }) => data.previous?.status === 'closed' && data.ticket.status === 'pending');
      expect(reopened.length).toBeGreaterThan(0);
    });
  });

  it('a non-numeric answer to the rating ends the wait and is handled as a normal message', async () => {
    const ticket = await ticketOf(setup);
    await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' });
    await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'closed' });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, 'Esqueci de perguntar o preço'),
    );
    await expectEventually(async () => {
      const { body } = await harness.http('GET', `/tickets/${ticket.id}`, setup.admin);
      expect(body).toMatchObject({ status: 'pending', lastMessage: 'Esqueci de perguntar o preço' });
    });
    const ratings = await harness.query('SELECT 1 FROM tickets.user_ratings WHERE company_id = $1', [setup.companyId]);
    expect(ratings).toHaveLength(1);
  });

  it('refuses a second ticket for a contact with an open one, naming its owner and queue', async () => {
    const ticket = await ticketOf(setup);
    await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' });
    const response = await harness.http('POST', '/tickets', setup.agent, {
      contactId: setup.contact.id,
      queueId: null,
      status: 'open',
    });
    expect(response.status).toBe(400);
    const again = await harness.http('POST', '/tickets', setup.admin, { contactId: setup.contact.id, status: 'open' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticketId: ticket.id, user: { id: setup.admin.userId, name: 'Ana Admin' }, sameUser: true },
    });
  });

  it('opens a ticket for a contact created a moment ago, whose event reaches this service after the request', async () => {
    // the agent saved the contact (contacts service) and clicked "new ticket" before its event got here
    const contact = contactSnapshot(setup.companyId, setup.companyId * 10 + 8, 'Rita Nova', '5511977770008');
    const log = new StatementLog(harness.app.app.get(DataSource));
    const request = harness.http('POST', '/tickets', setup.admin, { contactId: contact.id, status: 'open' });
    try {
      // the request is waiting for the contact: it looked for the row and did not find it
      await expectEventually(() =>
        expect(
          log.sent(
            (statement) => statement.sql.includes('FROM contacts WHERE id = $1') && statement.params[0] === contact.id,
          ),
        ).toBe(true),
      );
    } finally {
      log.stop();
    }
    await harness.publish('contacts.contact.created', setup.companyId, contact.id, contact);
    const response = await request;
    expect(response.status).toBeLessThan(300);
    expect(response.body).toMatchObject({ status: 'open', contact: { id: contact.id, name: 'Rita Nova' } });
  });

  it('deletes a ticket (admins only) and announces where it was', async () => {
    const ticket = await ticketOf(setup);
    const refused = await harness.http('DELETE', `/tickets/${ticket.id}`, setup.agent);
    expect(refused.status).toBe(403);
    const deleted = await harness.http('DELETE', `/tickets/${ticket.id}`, setup.admin);
    expect(deleted.status).toBe(200);
    expect((await harness.http('GET', `/tickets/${ticket.id}`, setup.admin)).status).toBe(404);
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.ticket.deleted').at(-1)?.data).toMatchObject({
        id: ticket.id,
        previous: { status: 'open' },
      }),
    );
  });
});

describe('two accepts of one pending ticket at once', () => {
  it('the first accepts it; the second answers the ticket as the first left it, with one greeting', async () => {
    const setup = await setupCompany(harness, await nextCompanyId(), { settings: { sendGreetingAccepted: 'enabled' } });
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      'k',
      inboundText(setup.contact, setup.connectionId, 'Alguém aí?'),
    );
    const ticket = await ticketOf(setup);
    const answers = await Promise.all([
      harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' }),
      harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open' }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.status, answer.body.userId])).toEqual([
      [200, 'open', setup.admin.userId],
      [200, 'open', setup.admin.userId],
    ]);
    const { body } = await harness.http('GET', `/messages/${ticket.id}`, setup.admin);
    const greetings = body.messages.filter((message: { body: string }) => message.body.includes('meu nome é'));
    expect(greetings).toHaveLength(1);
  });
});

describe('tenancy and authentication', () => {
  let a: CompanySetup;
  let b: CompanySetup;
  let ticketId: number;
  let uuid: string;
  let messageId: string;
  let queueId: number;
  beforeAll(async () => {
    a = await setupCompany(harness, await nextCompanyId());
    b = await setupCompany(harness, await nextCompanyId());
    await harness.publish(
      'contacts.inbound-message.resolved',
      a.companyId,
      'k',
      inboundText(a.contact, a.connectionId, 'Olá', 'WA-TENANT-1'),
    );
    const ticket = await ticketOf(a);
    ticketId = ticket.id;
    uuid = ticket.uuid;
    messageId = 'WA-TENANT-1';
    queueId = (await harness.http('POST', '/queue', a.admin, { name: 'Vendas', color: '#2196f3' })).body.id;
  }, 120_000);

  it.each([
    ['GET', () => `/tickets/${ticketId}`, 'ERR_NO_TICKET_FOUND'],
    ['GET', () => `/tickets/u/${uuid}`, 'ERR_NO_TICKET_FOUND'],
    ['PUT', () => `/tickets/${ticketId}`, 'ERR_NO_TICKET_FOUND'],
    ['DELETE', () => `/tickets/${ticketId}`, 'ERR_NO_TICKET_FOUND'],
    ['GET', () => `/messages/${ticketId}`, 'ERR_NO_TICKET_FOUND'],
    ['POST', () => `/messages/${ticketId}`, 'ERR_NO_TICKET_FOUND'],
    ['DELETE', () => `/messages/${messageId}`, 'ERR_NOT_FOUND'],
    ['GET', () => `/queue/${queueId}`, 'ERR_NOT_FOUND'],
    ['PUT', () => `/queue/${queueId}`, 'ERR_NOT_FOUND'],
    ['DELETE', () => `/queue/${queueId}`, 'ERR_NOT_FOUND'],
  ])("%s %s of another company's record answers 404", async (method, path, code) => {
    const response = await harness.http(
      method,
      path(),
      b.admin,
      method === 'GET' || method === 'DELETE' ? undefined : { status: 'open', body: 'x', name: 'Outra' },
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(code);
  });

  it("does not list another company's tickets", async () => {
    const { body } = await harness.http('GET', '/tickets?showAll=true', b.admin);
    expect(body.tickets.map((ticket: { id: number }) => ticket.id)).not.toContain(ticketId);
  });

  it.each([
    ['GET', '/tickets'],
    ['GET', () => `/tickets/${ticketId}`],
    ['POST', '/tickets'],
    ['GET', () => `/messages/${ticketId}`],
    ['GET', '/queue'],
    ['GET', '/ticket/kanban'],
  ])('%s %s refuses an anonymous call', async (method, path) => {
    const response = await harness.http(method, typeof path === 'function' ? path() : path, null);
    expect(response.status).toBe(401);
  });
});
