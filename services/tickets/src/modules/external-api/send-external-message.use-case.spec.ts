import { CheckNumbers, EnsureContact, TicketCreated, TicketUpdated, type TicketSnapshot } from '@cs/proto/events';
import { ExternalSendRequestSchema } from '@cs/proto/http';
import type { EventPublisher } from '@cs/platform/events';
import { DomainError } from '@cs/platform/errors';
import type { TicketsConfig } from '../../config/env.js';
import { COMPANY, companyView, inlineTransactions, patchedTicket, ticketRow } from '../../../test/factories/rows.js';
import type { MediaStorage, UploadedFile } from '../media/media.storage.js';
import type { OutboundInput, OutboundService } from '../messages/outbound.service.js';
import type { TicketLifecycle } from '../messages/ticket-lifecycle.service.js';
import type { ContactView, ProjectionsRepository } from '../projections/projections.repository.js';
import { TicketEvents } from '../tickets/ticket-events.js';
import type { TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import type { ExternalApiRepository, NumberCheckAnswer } from './external-api.repository.js';
import { SendExternalMessageUseCase, SENT } from './send-external-message.use-case.js';

const CONNECTION = 1;
const CONTACT = 5;
const NUMBER = '5511987650001';

/** What WhatsApp answers for `number` on the token's connection: on WhatsApp, under `jid` (its own spelling). */
const onWhatsApp = (number: string, jid = `${number}@s.whatsapp.net`): NumberCheckAnswer => ({
  results: [{ number, exists: true, jid }],
  error: null,
});

/**
 * The external API's send over in-memory ports: the connector answers number checks with `answer` (null: it does
 * not answer in time), contacts holds the numbers in `contacts` and creates a contact when commanded (unless
 * `contactsDown`), the contact's ticket on the connection is `ticket` (none: a new one), and the Cloud API's window
 * is open unless `windowClosed`. Records the commands written, what went out, and how the ticket ended.
 */
function api(
  options: {
    answer?: NumberCheckAnswer | null;
    contacts?: string[];
    contactsDown?: boolean;
    ticket?: Partial<TicketRow>;
    windowClosed?: boolean;
  } = {},
) {
  const state = {
    contacts: new Set(options.contacts ?? []),
    commands: [] as Array<{ type: string; data: Record<string, unknown> }>,
    ticketEvents: [] as Array<{ type: string; data: Record<string, unknown> }>,
    sent: [] as OutboundInput[],
    ticket: options.ticket ? ticketRow({ contactId: CONTACT, ...options.ticket }) : null,
    cycles: 0,
    closedBy: [] as Array<number | null>,
    readTimes: 0,
  };
  const emit = async (definition: { type: string }, input: { data: Record<string, unknown> }) => {
    if (definition.type === TicketCreated.type || definition.type === TicketUpdated.type) {
      state.ticketEvents.push({ type: definition.type, data: input.data });
      return;
    }
    state.commands.push({ type: definition.type, data: input.data });
    if (definition.type === EnsureContact.type && !options.contactsDown)
      state.contacts.add(String(input.data['number']));
  };
  const publisher = { emit } as unknown as EventPublisher;
  const store: Partial<ExternalApiRepository> = {
    recordCheck: async () => undefined,
    answerOf: async () => (options.answer === undefined ? onWhatsApp(NUMBER) : options.answer),
    contactByNumbers: async (_companyId, numbers) => (numbers.some((n) => state.contacts.has(n)) ? CONTACT : null),
  };
  const current = (): TicketRow => {
    if (!state.ticket) throw new Error('no ticket');
    return state.ticket;
  };
  const tickets: Partial<TicketsRepository> = {
    findOrCreate: async (_companyId, input) => {
      if (state.ticket) return { ticket: state.ticket, created: false };
      state.ticket = ticketRow({ id: 11, ...input, lastMessage: '', unreadMessages: 0 });
      return { ticket: state.ticket, created: true };
    },
    patch: async (_companyId, _id, patch) => (state.ticket = patchedTicket(current(), patch)),
    openCycle: async () => {
      state.cycles += 1;
      return {} as never;
    },
    find: async () => state.ticket,
    snapshot: async () => ({ id: current().id, status: current().status }) as unknown as TicketSnapshot,
  };
  const projections: Partial<ProjectionsRepository> = {
    contact: async (_companyId, id) => ({ id, name: 'Maria Silva', number: NUMBER, isGroup: false }) as ContactView,
    company: async () => companyView(),
  };
  const lifecycle: Partial<TicketLifecycle> = {
    close: async (_companyId, ticket, { userId }) => {
      state.closedBy.push(userId);
      state.ticket = { ...ticket, status: 'closed' };
    },
    markRead: async () => {
      state.readTimes += 1;
    },
  };
  const outbound: Partial<OutboundService> = {
    assertServiceWindow: async () => {
      if (options.windowClosed) throw new DomainError('ERR_OUTSIDE_SERVICE_WINDOW');
    },
    send: async (_companyId, _ticket, input) => {
      state.sent.push(input);
      return {} as never;
    },
  };
  const media: Partial<MediaStorage> = {
    save: async (_companyId, folder, file) => ({
      path: `${COMPANY}/${folder}/${file?.originalname}`,
      name: file?.originalname ?? '',
      mimeType: file?.mimetype ?? '',
    }),
    urlOf: (path) => `https://files.example.com/${path}`,
  };
  const useCase = new SendExternalMessageUseCase(
    { TICKETS_EXTERNAL_API_WAIT_MS: 0 } as TicketsConfig,
    inlineTransactions,
    store as ExternalApiRepository,
    publisher,
    projections as ProjectionsRepository,
    tickets as TicketsRepository,
    new TicketEvents(tickets as TicketsRepository, publisher),
    lifecycle as TicketLifecycle,
    outbound as OutboundService,
    media as MediaStorage,
  );
  return {
    state,
    send: (body: Record<string, unknown>, files: UploadedFile[] = []) =>
      useCase.execute(COMPANY, CONNECTION, ExternalSendRequestSchema.parse({ number: NUMBER, ...body }), files),
  };
}

const file = (originalname: string, mimetype: string): UploadedFile => ({ originalname, mimetype, size: 10 });

describe(SendExternalMessageUseCase.name, () => {
  it('sends the text, its variables filled, on a new pending ticket of a known contact, and reads the ticket', async () => {
    const { state, send } = api({ contacts: [NUMBER] });
    await expect(send({ body: 'Olá {{firstName}}, seu pedido saiu.' })).resolves.toEqual(SENT);

    expect(state.commands).toEqual([
      { type: CheckNumbers.type, data: expect.objectContaining({ connectionId: CONNECTION, numbers: [NUMBER] }) },
    ]);
    expect(state.sent).toEqual([{ body: 'Olá Maria, seu pedido saiu.', isBot: true, userId: null }]);
    expect(state.ticket).toMatchObject({ status: 'pending', contactId: CONTACT, whatsappId: CONNECTION });
    expect(state.ticketEvents.map((event) => event.type)).toEqual([TicketCreated.type]);
    expect(state.cycles).toBe(1);
    expect(state.readTimes).toBe(1);
  });

  it('finds the contact saved with the ninth digit when WhatsApp knows the number by eight', async () => {
    const { state, send } = api({
      contacts: [NUMBER],
      answer: onWhatsApp(NUMBER, '551187650001@s.whatsapp.net'),
    });
    await send({ body: 'oi' });

    expect(state.commands.map((command) => command.type)).toEqual([CheckNumbers.type]);
    expect(state.ticket?.chatJid).toBe('551187650001@s.whatsapp.net');
    expect(state.sent).toHaveLength(1);
  });

  it('has contacts create a contact it does not know, then sends to it', async () => {
    const { state, send } = api();
    await send({ body: 'oi' });

    expect(state.commands.map((command) => command.type)).toEqual([CheckNumbers.type, EnsureContact.type]);
    expect(state.commands[1]?.data).toMatchObject({
      connectionId: CONNECTION,
      jid: `${NUMBER}@s.whatsapp.net`,
      number: NUMBER,
    });
    expect(state.sent).toHaveLength(1);
  });

  describe('refuses, sending nothing', () => {
    it('a number that is not on WhatsApp', async () => {
      const { state, send } = api({ answer: { results: [{ number: NUMBER, exists: false, jid: null }], error: null } });
      await expect(send({ body: 'oi' })).rejects.toMatchObject({ code: 'ERR_CHECK_NUMBER' });
      expect(state.sent).toEqual([]);
      expect(state.ticket).toBeNull();
    });

    it('when the connection could not check the number, or did not answer in time', async () => {
      const failed = api({ answer: { results: [], error: 'connection closed' } });
      await expect(failed.send({ body: 'oi' })).rejects.toMatchObject({
        code: 'ERR_WAPP_CHECK_CONTACT',
        details: { reason: 'connection closed' },
      });
      const silent = api({ answer: null });
      await expect(silent.send({ body: 'oi' })).rejects.toMatchObject({
        code: 'ERR_WAPP_CHECK_CONTACT',
        details: { reason: 'timeout' },
      });
      expect([...failed.state.sent, ...silent.state.sent]).toEqual([]);
    });

    it('when contacts does not create the contact in time', async () => {
      const { state, send } = api({ contactsDown: true });
      await expect(send({ body: 'oi' })).rejects.toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE' });
      expect(state.sent).toEqual([]);
    });

    it('a message with nothing to send, or a template with files, before asking WhatsApp anything', async () => {
      const { state, send } = api({ contacts: [NUMBER] });
      await expect(send({ body: '   ' })).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        details: [{ path: 'body', message: 'Obrigatório' }],
      });
      await expect(
        send({ template: { name: 'pedido', language: 'pt_BR' } }, [file('nota.pdf', 'application/pdf')]),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION', details: [{ path: 'template' }] });
      expect(state.commands).toEqual([]);
    });

    it('free text outside the Cloud API’s 24-hour window', async () => {
      const { state, send } = api({ contacts: [NUMBER], windowClosed: true });
      await expect(send({ body: 'oi' })).rejects.toMatchObject({ code: 'ERR_OUTSIDE_SERVICE_WINDOW' });
      expect(state.sent).toEqual([]);
    });
  });

  it('reopens a closed ticket as a new cycle, pending without its agent, greeting again on the answer', async () => {
    const greeted = new Date('2026-12-01T12:00:00Z');
    const { state, send } = api({
      contacts: [NUMBER],
      ticket: {
        status: 'closed',
        userId: 3,
        queueId: 1,
        chatbot: true,
        greetingSentAt: greeted,
        outOfHoursSentAt: greeted,
      },
    });
    await send({ body: 'Seu boleto' });

    expect(state.ticket).toMatchObject({ status: 'pending', userId: null, queueId: null, chatbot: false });
    expect(state.ticket).toMatchObject({ greetingSentAt: null, outOfHoursSentAt: null });
  });

  it('closes the reopened ticket again when asked', async () => {
    const { state, send } = api({
      contacts: [NUMBER],
      ticket: { status: 'closed', userId: 3, queueId: 1, chatbot: true, queueOptionId: 7 },
    });
    await send({ body: 'Seu boleto', closeTicket: 'true' });

    expect(state.closedBy).toEqual([null]);
    expect(state.ticket).toMatchObject({ status: 'closed', userId: null, queueId: null, chatbot: false });
    expect(state.ticketEvents).toEqual([
      {
        type: TicketUpdated.type,
        data: expect.objectContaining({ previous: { status: 'closed', queueId: 1, userId: 3 } }),
      },
    ]);
  });

  it('sends each file with the text as its caption, or with its name when there is no text', async () => {
    const files = [file('boleto.pdf', 'application/pdf'), file('foto.jpg', 'image/jpeg')];
    const captioned = api({ contacts: [NUMBER] });
    await captioned.send({ body: 'Segue' }, files);
    expect(captioned.state.sent.map((input) => [input.body, input.media?.url])).toEqual([
      ['Segue', `https://files.example.com/${COMPANY}/messages/boleto.pdf`],
      ['Segue', `https://files.example.com/${COMPANY}/messages/foto.jpg`],
    ]);

    const bare = api({ contacts: [NUMBER] });
    await bare.send({}, files);
    expect(bare.state.sent.map((input) => input.body)).toEqual(['boleto.pdf', 'foto.jpg']);
  });

  it('sends a template outside the window, its values filled, showing its name in the chat', async () => {
    const { state, send } = api({ contacts: [NUMBER], windowClosed: true });
    await send({
      template: {
        name: 'pedido_enviado',
        language: 'pt_BR',
        body: ['{{name}}', '#123'],
        headerMedia: { type: 'image', link: 'https://loja.example.com/pedido.png' },
        buttons: [{ index: 0, text: 'rastreio/123' }],
      },
    });

    expect(state.sent).toHaveLength(1);
    expect(state.sent[0]).toMatchObject({ body: 'pedido_enviado', isBot: true });
    expect(state.sent[0]?.template).toEqual({
      name: 'pedido_enviado',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://loja.example.com/pedido.png' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Maria Silva' },
            { type: 'text', text: '#123' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'rastreio/123' }] },
      ],
    });
  });
});
