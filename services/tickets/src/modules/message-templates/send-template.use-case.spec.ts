import { cloudTemplateSend, type SendTemplateMessageInput } from '@cs/proto/http';
import type { MediaStorage } from '../media/media.storage.js';
import type { MessageRow } from '../messages/messages.repository.js';
import type { OutboundInput, OutboundService } from '../messages/outbound.service.js';
import type { ContactView, ProjectionsRepository } from '../projections/projections.repository.js';
import type { TicketsQueries } from '../tickets/tickets.queries.js';
import type { TicketRow, TicketsRepository } from '../tickets/tickets.repository.js';
import {
  COMPANY,
  companyView,
  identityOf,
  inlineTransactions,
  messageRow,
  ticketRow,
} from '../../../test/factories/rows.js';
import { SendTemplateUseCase } from './send-template.use-case.js';

const AGENT = identityOf(3);

/** `pedido_enviado` as the connector lists it: a text header and a body taking values, and a footer. */
const orderShipped = (
  values: Pick<SendTemplateMessageInput['values'], 'header' | 'body'> & Partial<SendTemplateMessageInput['values']>,
): SendTemplateMessageInput => ({
  name: 'pedido_enviado',
  language: 'pt_BR',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido chega em {{2}}.' },
    { type: 'FOOTER', text: 'Loja Demo' },
  ] as SendTemplateMessageInput['components'],
  values: { headerMedia: null, buttons: [], ...values },
});

/** One ticket of the contact Maria Souza in memory, and what went out on it. */
function templateOn(ticket: Partial<TicketRow> | null, options: { visible?: boolean } = {}) {
  const sent: OutboundInput[] = [];
  const row = ticket && ticketRow({ status: 'open', userId: AGENT.userId, queueId: 1, ...ticket });
  const tickets: Partial<TicketsRepository> = { find: async () => row };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const projections: Partial<ProjectionsRepository> = {
    company: async () => companyView(),
    contact: async () => ({ id: 5, name: 'Maria Souza' }) as ContactView,
  };
  const outbound: Partial<OutboundService> = {
    send: async (_companyId, _ticket, input): Promise<MessageRow> => {
      sent.push(input);
      return messageRow({ id: 'm-9', body: input.body, ack: 0, waId: null });
    },
  };
  // the platform's stored files of company 7 (another company)
  const media: Partial<MediaStorage> = {
    isOtherCompanys: (_companyId, url) => url.startsWith('https://media.test/7/'),
  };
  const useCase = new SendTemplateUseCase(
    inlineTransactions,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    projections as ProjectionsRepository,
    outbound as OutboundService,
    media as MediaStorage,
  );
  const send = (input: SendTemplateMessageInput) => useCase.execute(COMPANY, AGENT, 10, input);
  return { sent, send };
}

describe(SendTemplateUseCase.name, () => {
  it('stores the rendered text and sends Meta’s template with the values, message variables filled in', async () => {
    const { sent, send } = templateOn({});
    const message = await send(orderShipped({ header: ['#4521'], body: ['{{firstName}}', 'amanhã'] }));
    expect(message).toMatchObject({ body: '*Pedido #4521*\n\nOlá Maria, seu pedido chega em amanhã.\n\n_Loja Demo_' });
    expect(sent).toEqual([
      {
        body: '*Pedido #4521*\n\nOlá Maria, seu pedido chega em amanhã.\n\n_Loja Demo_',
        isBot: false,
        userId: AGENT.userId,
        template: cloudTemplateSend('pedido_enviado', 'pt_BR', {
          header: ['#4521'],
          body: ['Maria', 'amanhã'],
          headerMedia: null,
          buttons: [],
        }),
      },
    ]);
  });

  it('refuses values that do not fit the template, naming the part', async () => {
    const { sent, send } = templateOn({});
    await expect(send(orderShipped({ header: ['#4521'], body: ['Maria'] }))).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'values.body', message: 'O modelo pede 2 valor(es).' }],
    });
    expect(sent).toEqual([]);
  });

  it('refuses a header file stored by another company', async () => {
    const { sent, send } = templateOn({});
    const withImage = orderShipped({
      header: [],
      body: ['a', 'b'],
      headerMedia: 'https://media.test/7/templates/x.png',
    });
    const components = [
      { type: 'HEADER', format: 'IMAGE' },
      ...withImage.components.filter((component) => component.type !== 'HEADER'),
    ] as SendTemplateMessageInput['components'];
    await expect(send({ ...withImage, components })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      details: [{ path: 'values.headerMedia', message: 'Arquivo não encontrado.' }],
    });
    expect(sent).toEqual([]);
  });

  it.each([
    ['a pending ticket', { status: 'pending' }, {}, 'ERR_TICKET_NOT_OPEN'],
    ['a closed ticket', { status: 'closed' }, {}, 'ERR_TICKET_NOT_OPEN'],
    ['a ticket the agent may not open', {}, { visible: false }, 'ERR_NO_PERMISSION'],
    ['a ticket of another company', null, {}, 'ERR_NO_TICKET_FOUND'],
  ] as Array<[string, Partial<TicketRow> | null, { visible?: boolean }, string]>)(
    'refuses to send on %s',
    async (_what, ticket, options, code) => {
      const { sent, send } = templateOn(ticket, options);
      await expect(send(orderShipped({ header: ['#1'], body: ['a', 'b'] }))).rejects.toMatchObject({ code });
      expect(sent).toEqual([]);
    },
  );
});
