/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * Scheduled messages on real PostgreSQL, Kafka and pg-boss: the spec's validation, the send at its time
 * through the contact's ticket (created when needed, the message in its history), ENVIADA/ERRO, edits only
 * while unsent, the png/jpg attachment, a chosen connection (a Cloud API one: templates with a media header and
 * URL button, free text only within the contact's 24-hour window), and a schedule that comes due while the service
 * is down, sent when it comes back.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { SendMessage } from '@cs/proto/events';
import {
  addContact,
  type CompanySetup,
  connectionSnapshot,
  JPEG_BYTES,
  PNG_BYTES,
  setupCompany,
  sharedHarness,
  uniqueId,
  upload,
} from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId());
});

const inSeconds = (seconds: number): Date => new Date(Date.now() + seconds * 1000);

const sendsTo = (number: string) =>
  harness.eventsOf(setup.companyId, SendMessage).filter((event) => event.data.chatJid === `${number}@s.whatsapp.net`);

const scheduleRow = async (id: number) => {
  const [row] = await harness.query<{ status: string; sent_at: Date | null; error: string | null }>(
    'SELECT status, sent_at, error FROM tickets.schedules WHERE company_id = $1 AND id = $2',
    [setup.companyId, id],
  );
  return row;
};

describe('validation', () => {
  it('answers the spec messages', async () => {
    const empty = await harness.http('POST', '/schedules', setup.agent, {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([
      { path: 'body', message: 'Obrigatório' },
      { path: 'contactId', message: 'Obrigatório' },
      { path: 'sendAt', message: 'Obrigatório' },
    ]);
    const short = await harness.http('POST', '/schedules', setup.agent, {
      body: 'oi',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
    });
    expect(short.body.details).toEqual([{ path: 'body', message: 'Mensagem muito curta' }]);
  });

  it('reads a time without offset in the company time zone (the datetime-local field)', async () => {
    const { status, body } = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: setup.contact.id,
      sendAt: '2030-05-10T14:30',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ sendAt: '2030-05-10T17:30:00.000Z', status: 'PENDENTE', sentAt: null });
    expect(body.contact).toMatchObject({ id: setup.contact.id, name: 'Maria Souza' });
    await harness.http('DELETE', `/schedules/${body.id}`, setup.agent);
  });
});

describe('sending', () => {
  let sent: { id: number; ticketId: number };

  it('sends at its time through a new ticket of the contact, opened for the author, with the message stored', async () => {
    const sendAt = inSeconds(2);
    const created = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Olá {{firstName}}, seu pedido está pronto para retirada.',
      contactId: setup.contact.id,
      sendAt: sendAt.toISOString(),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'PENDENTE', sentAt: null, userId: setup.agent.userId });
    expect(sendsTo(setup.contact.number)).toHaveLength(0);

    const schedule = await expectEventually(
      async () => {
        const { body } = await harness.http('GET', `/schedules/${created.body.id}`, setup.agent);
        expect(body.status).toBe('ENVIADA');
        return body;
      },
      { timeoutMs: 30_000 },
    );
    expect(new Date(schedule.sentAt).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    const [command] = await expectEventually(() => {
      const commands = sendsTo(setup.contact.number);
      expect(commands).toHaveLength(1);
      return commands;
    });
    expect(command?.data).toMatchObject({
      connectionId: setup.connectionId,
      content: { kind: 'text', body: 'Olá Maria, seu pedido está pronto para retirada.' },
    });
    expect(new Date(command?.occurredAt ?? 0).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());

    const { body: ticket } = await harness.http('GET', `/tickets/${schedule.ticketId}`, setup.agent);
    expect(ticket).toMatchObject({
      status: 'open',
      userId: setup.agent.userId,
      contactId: setup.contact.id,
      lastMessage: 'Olá Maria, seu pedido está pronto para retirada.',
    });
    const { body: history } = await harness.http('GET', `/messages/${schedule.ticketId}`, setup.agent);
    expect(history.messages).toEqual([
      expect.objectContaining({
        body: 'Olá Maria, seu pedido está pronto para retirada.',
        fromMe: true,
        isBot: false,
        ack: 0,
      }),
    ]);
    await expectEventually(() => {
      expect(harness.events(setup.companyId, 'tickets.ticket.created').map((event) => event.data['ticket'])).toEqual([
        expect.objectContaining({ id: schedule.ticketId, status: 'open' }),
      ]);
      expect(harness.events(setup.companyId, 'tickets.schedule.updated').at(-1)?.data).toMatchObject({
        id: created.body.id,
        status: 'ENVIADA',
        ticketId: schedule.ticketId,
      });
    });
    sent = schedule;
  });

  it('cannot be edited once sent', async () => {
    const edit = await harness.http('PUT', `/schedules/${sent.id}`, setup.agent, { body: 'Mudei de ideia' });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_SCHEDULE_ALREADY_SENT');
    const media = await harness.http(
      'POST',
      `/schedules/${sent.id}/media-upload`,
      setup.agent,
      upload('file', 'foto.png', 'image/png', PNG_BYTES),
    );
    expect(media.status).toBe(409);
  });

  it('accepts only png/jpg/jpeg pictures, sent with the text as caption through the open ticket', async () => {
    const { body: schedule } = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Confira a nossa vitrine nova!',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
    });
    const gif = await harness.http(
      'POST',
      `/schedules/${schedule.id}/media-upload`,
      setup.agent,
      upload('file', 'animacao.gif', 'image/gif', 'GIF89a'),
    );
    expect(gif.status).toBe(415);
    const disguised = await harness.http(
      'POST',
      `/schedules/${schedule.id}/media-upload`,
      setup.agent,
      upload('file', 'script.png', 'text/plain', 'echo'),
    );
    expect(disguised.status).toBe(415);
    const picture = await harness.http(
      'POST',
      `/schedules/${schedule.id}/media-upload`,
      setup.agent,
      upload('file', 'vitrine da loja.jpg', 'image/jpeg', JPEG_BYTES),
    );
    expect(picture.status).toBe(200);
    expect(picture.body).toMatchObject({ mediaName: 'vitrine_da_loja.jpg' });

    const due = await harness.http('PUT', `/schedules/${schedule.id}`, setup.agent, {
      sendAt: new Date().toISOString(),
    });
    expect(due.status).toBe(200);
    await expectEventually(async () => expect((await scheduleRow(schedule.id))?.status).toBe('ENVIADA'));
    await expectEventually(() => {
      const command = sendsTo(setup.contact.number).at(-1)?.data;
      expect(command?.content).toMatchObject({
        kind: 'media',
        mediaType: 'image',
        caption: 'Confira a nossa vitrine nova!',
        fileName: 'vitrine_da_loja.jpg',
      });
    });
    const { body: sentOne } = await harness.http('GET', `/schedules/${schedule.id}`, setup.agent);
    expect(sentOne.ticketId).toBe(sent.ticketId);
  });

  it('turns ERRO with the reason when the connector cannot send it, and can then be rescheduled', async () => {
    const { body: schedule } = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Sua fatura vence amanhã.',
      contactId: setup.contact.id,
      sendAt: new Date().toISOString(),
    });
    const command = await expectEventually(() => {
      const found = sendsTo(setup.contact.number).find(
        ({ data: { content } }) => content.kind === 'text' && content.body === 'Sua fatura vence amanhã.',
      );
      if (!found) throw new Error('not sent yet');
      return found.data;
    });
    await harness.publish('whatsapp.message.send-failed', setup.companyId, setup.connectionId, {
      commandId: command.commandId,
      clientMessageId: command.clientMessageId,
      connectionId: setup.connectionId,
      error: 'ERR_SENDING_WAPP_MSG',
      reason: 'connection closed while sending',
    });
    const failed = await expectEventually(async () => {
      const { body } = await harness.http('GET', `/schedules/${schedule.id}`, setup.agent);
      expect(body).toMatchObject({ status: 'ERRO', error: 'connection closed while sending', sentAt: null });
      return body;
    });
    const retried = await harness.http('PUT', `/schedules/${failed.id}`, setup.agent, {
      sendAt: new Date().toISOString(),
    });
    expect(retried.body).toMatchObject({ status: 'PENDENTE', error: null });
    await expectEventually(async () => expect((await scheduleRow(schedule.id))?.status).toBe('ENVIADA'));
  });

  it('turns ERRO when the contact no longer exists at its time', async () => {
    const contact = await addContact(
      harness,
      setup.companyId,
      setup.companyId * 10 + 6,
      'Pedro Alves',
      '5511955550000',
    );
    const { body: schedule } = await harness.http('POST', '/schedules', setup.admin, {
      body: 'Mensagem para um contato que será removido',
      contactId: contact.id,
      sendAt: inSeconds(3600).toISOString(),
    });
    await harness.publish('contacts.contact.deleted', setup.companyId, contact.id, { id: contact.id });
    await expectEventually(async () => {
      const rows = await harness.query('SELECT 1 FROM tickets.contacts WHERE company_id = $1 AND id = $2 AND deleted', [
        setup.companyId,
        contact.id,
      ]);
      expect(rows).toHaveLength(1);
    });
    await harness.http('PUT', `/schedules/${schedule.id}`, setup.admin, { sendAt: new Date().toISOString() });
    await expectEventually(async () => {
      const { body } = await harness.http('GET', `/schedules/${schedule.id}`, setup.admin);
      expect(body).toMatchObject({ status: 'ERRO', error: 'Nenhum contato encontrado com este ID.', sentAt: null });
    });
    expect(sendsTo(contact.number)).toHaveLength(0);
  });

  it('lists schedules (unsent first), by contact and by text', async () => {
    const later = await harness.http('POST', '/schedules', setup.admin, {
      body: 'Feliz aniversário, {{firstName}}!',
      contactId: setup.contact.id,
      sendAt: inSeconds(7200).toISOString(),
    });
    const { body } = await harness.http('GET', `/schedules?contactId=${setup.contact.id}`, setup.agent);
    expect(body.hasMore).toBe(false);
    expect(body.count).toBe(body.schedules.length);
    expect(body.schedules[0]).toMatchObject({ id: later.body.id, status: 'PENDENTE' });
    expect(body.schedules.slice(1).every((schedule: { status: string }) => schedule.status === 'ENVIADA')).toBe(true);
    const found = await harness.http('GET', '/schedules?searchParam=aniversário', setup.agent);
    expect(found.body.schedules.map((schedule: { id: number }) => schedule.id)).toEqual([later.body.id]);
    expect((await harness.http('DELETE', `/schedules/${later.body.id}`, setup.agent)).status).toBe(200);
    expect((await harness.http('GET', `/schedules/${later.body.id}`, setup.agent)).status).toBe(404);
  });
});

describe('a Cloud API template', () => {
  /** `lembrete_consulta` as `GET /whatsapp/{id}/templates` lists it (Meta's components). */
  const REMINDER = {
    name: 'lembrete_consulta',
    language: 'pt_BR',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Consulta {{1}}' },
      { type: 'BODY', text: 'Olá {{1}}, sua consulta é {{2}}.' },
      { type: 'FOOTER', text: 'Clínica Demo' },
    ],
  };

  it("is sent at its time as Meta's template payload, its values rendered for the contact", async () => {
    const contact = await addContact(harness, setup.companyId, setup.companyId * 10 + 8, 'Rita Lima', '5511955550000');
    const created = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: contact.id,
      sendAt: inSeconds(2).toISOString(),
      template: { ...REMINDER, values: { header: ['#77'], body: ['{{firstName}}', 'amanhã às 10h'] } },
    });
    expect(created.status).toBe(200);
    expect(created.body.template).toMatchObject({ name: 'lembrete_consulta', values: { header: ['#77'] } });

    const text = '*Consulta #77*\n\nOlá Rita, sua consulta é amanhã às 10h.\n\n_Clínica Demo_';
    const [command] = await expectEventually(
      () => {
        const commands = sendsTo(contact.number);
        expect(commands).toHaveLength(1);
        return commands;
      },
      { timeoutMs: 30_000 },
    );
    expect(command?.data.content).toEqual({
      kind: 'text',
      body: text,
      template: {
        name: 'lembrete_consulta',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#77' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Rita' },
              { type: 'text', text: 'amanhã às 10h' },
            ],
          },
        ],
      },
    });
    const schedule = await expectEventually(async () => {
      const { body } = await harness.http('GET', `/schedules/${created.body.id}`, setup.agent);
      expect(body.status).toBe('ENVIADA');
      return body;
    });
    const { body: history } = await harness.http('GET', `/messages/${schedule.ticketId}`, setup.agent);
    expect(history.messages).toEqual([expect.objectContaining({ body: text, fromMe: true })]);
  });

  it('refuses values that do not fit the template, on create and on edit', async () => {
    const wrong = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
      template: { ...REMINDER, values: { header: ['#77'], body: ['Rita'] } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'values.body', message: 'O modelo pede 2 valor(es).' }]);

    const { body: plain } = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
    });
    expect(plain.template).toBeNull();
    const edit = await harness.http('PUT', `/schedules/${plain.id}`, setup.agent, {
      template: { ...REMINDER, values: { header: [], body: ['Rita', 'amanhã'] } },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([{ path: 'values.header', message: 'O modelo pede 1 valor(es).' }]);
    const fits = await harness.http('PUT', `/schedules/${plain.id}`, setup.agent, {
      template: { ...REMINDER, values: { header: ['#1'], body: ['Rita', 'amanhã'] } },
    });
    expect(fits.status).toBe(200);
    expect(fits.body.template).toMatchObject({ name: 'lembrete_consulta', values: { body: ['Rita', 'amanhã'] } });
    await harness.http('DELETE', `/schedules/${plain.id}`, setup.agent);
  });
});

describe("a schedule's connection", () => {
  const DELIVERY = {
    name: 'entrega_agendada',
    language: 'pt_BR',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Olá {{1}}, sua entrega está agendada.' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Falar com atendente' },
          { type: 'URL', text: 'Acompanhar', url: 'https://loja.example.com/pedidos/{{1}}' },
        ],
      },
    ],
  };
  let cloudId: number;
  let other: CompanySetup;

  beforeAll(async () => {
    cloudId = setup.companyId * 10 + 7;
    await harness.publish(
      'whatsapp.connection.created',
      setup.companyId,
      cloudId,
      connectionSnapshot(setup.companyId, cloudId, { name: 'API Oficial', isDefault: false, provider: 'cloud-api' }),
    );
    await expectEventually(async () => {
      const rows = await harness.query('SELECT provider FROM tickets.connections WHERE company_id = $1 AND id = $2', [
        setup.companyId,
        cloudId,
      ]);
      expect(rows).toEqual([{ provider: 'cloud-api' }]);
    });
    other = await setupCompany(harness, await nextCompanyId());
  });

  it('is stored, and sends its template with a media header and URL button through that connection', async () => {
    const contact = await addContact(harness, setup.companyId, uniqueId(), 'Caio Dias', '5511944440000');
    const created = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Entrega agendada',
      contactId: contact.id,
      sendAt: inSeconds(2).toISOString(),
      whatsappId: cloudId,
      template: {
        ...DELIVERY,
        values: { body: ['{{firstName}}'], headerMedia: 'https://cdn.example.com/entrega.jpg', buttons: ['PED-9'] },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ whatsappId: cloudId, template: { values: { buttons: ['PED-9'] } } });
    const [command] = await expectEventually(
      () => {
        const commands = sendsTo(contact.number);
        expect(commands).toHaveLength(1);
        return commands;
      },
      { timeoutMs: 30_000 },
    );
    expect(command?.data.connectionId).toBe(cloudId);
    expect(command?.data.content).toMatchObject({
      kind: 'text',
      template: {
        name: 'entrega_agendada',
        components: [
          { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/entrega.jpg' } }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Caio' }] },
          { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'PED-9' }] },
        ],
      },
    });
    const schedule = await expectEventually(async () => {
      const { body } = await harness.http('GET', `/schedules/${created.body.id}`, setup.agent);
      expect(body.status).toBe('ENVIADA');
      return body;
    });
    const { body: ticket } = await harness.http('GET', `/tickets/${schedule.ticketId}`, setup.agent);
    expect(ticket.whatsappId).toBe(cloudId);
  });

  it('turns ERRO instead of sending free text outside the contact’s 24-hour window on a Cloud API connection', async () => {
    const contact = await addContact(harness, setup.companyId, uniqueId(), 'Duda Reis', '5511933330000');
    const created = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Sua entrega chega amanhã',
      contactId: contact.id,
      sendAt: new Date().toISOString(),
      whatsappId: cloudId,
    });
    expect(created.status).toBe(200);
    const schedule = await expectEventually(
      async () => {
        const { body } = await harness.http('GET', `/schedules/${created.body.id}`, setup.agent);
        expect(body.status).toBe('ERRO');
        return body;
      },
      { timeoutMs: 30_000 },
    );
    expect(schedule.error).toContain('24 horas');
    expect(sendsTo(contact.number)).toHaveLength(0);
  });

  it("answers 404 for another company's connection, on create and on edit", async () => {
    const refused = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
      whatsappId: other.connectionId,
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    const { body: plain } = await harness.http('POST', '/schedules', setup.agent, {
      body: 'Lembrete da consulta',
      contactId: setup.contact.id,
      sendAt: inSeconds(3600).toISOString(),
    });
    expect(plain.whatsappId).toBeNull();
    const edit = await harness.http('PUT', `/schedules/${plain.id}`, setup.agent, { whatsappId: other.connectionId });
    expect(edit.status).toBe(404);
    expect(edit.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    const moved = await harness.http('PUT', `/schedules/${plain.id}`, setup.agent, { whatsappId: cloudId });
    expect(moved.body.whatsappId).toBe(cloudId);
    await harness.http('DELETE', `/schedules/${plain.id}`, setup.agent);
  });
});

describe('a schedule that comes due while the service is down', () => {
  it('is sent when the service comes back', async () => {
    const contact = await addContact(harness, setup.companyId, setup.companyId * 10 + 7, 'Carla Dias', '5511966660000');
    const sendAt = inSeconds(2);
    const { body: schedule } = await harness.http('POST', '/schedules', setup.admin, {
      body: 'Seu horário é amanhã às 10h.',
      contactId: contact.id,
      sendAt: sendAt.toISOString(),
    });
    await harness.app.close();
    // let its time pass while nothing runs
    await expectEventually(() => expect(Date.now()).toBeGreaterThan(sendAt.getTime() + 1500), { timeoutMs: 10_000 });
    expect(await scheduleRow(schedule.id)).toMatchObject({ status: 'PENDENTE', sent_at: null });
    expect(sendsTo(contact.number)).toHaveLength(0);

    await harness.boot();
    await expectEventually(async () => expect((await scheduleRow(schedule.id))?.status).toBe('ENVIADA'), {
      timeoutMs: 30_000,
    });
    await expectEventually(() =>
      expect(
        sendsTo(contact.number).map(({ data: { content } }) => (content.kind === 'text' ? content.body : content.kind)),
      ).toEqual(['Seu horário é amanhã às 10h.']),
    );
    const { body } = await harness.http('GET', `/schedules/${schedule.id}`, setup.admin);
    const { body: ticket } = await harness.http('GET', `/tickets/${body.ticketId}`, setup.admin);
    expect(ticket).toMatchObject({
      status: 'open',
      userId: setup.admin.userId,
      lastMessage: 'Seu horário é amanhã às 10h.',
    });
  });
});
