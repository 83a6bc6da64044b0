import type { SendMessageInput } from '@cs/proto/http';
import type { MediaStorage, UploadedFile } from '../../media/media.storage.js';
import type { ContactView, ProjectionsRepository } from '../../projections/projections.repository.js';
import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import { COMPANY, companyView, ticketRow, identityOf, inlineTransactions } from '../../../../test/factories/rows.js';
import type { MessageRow } from '../messages.repository.js';
import type { OutboundInput, OutboundService } from '../outbound.service.js';
import { SendMessageUseCase } from './send-message.use-case.js';

const AGENT = identityOf(3);
const upload = (name: string, mimetype: string): UploadedFile => ({
  originalname: name,
  mimetype,
  size: 4,
  buffer: Buffer.from('data'),
});

/** An agent replying on one ticket in memory: what goes out, in order, and which files were stored. */
function replyingOn(ticket: Partial<TicketRow>, options: { visible?: boolean } = {}) {
  const state = { sent: [] as OutboundInput[], stored: [] as string[] };
  const row = ticketRow({ status: 'open', userId: AGENT.userId, queueId: 1, ...ticket });
  const tickets: Partial<TicketsRepository> = { find: async () => row };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const projections: Partial<ProjectionsRepository> = {
    company: async () => companyView(),
    contact: async () => ({ id: row.contactId, name: 'Maria' }) as ContactView,
  };
  const outbound: Partial<OutboundService> = {
    // the window's rule is OutboundService's (message-templates.int-spec.ts); here every send is within it
    assertServiceWindow: async () => undefined,
    send: async (_companyId, _ticket, input) => {
      state.sent.push(input);
      return { id: `m-${state.sent.length}`, body: input.body } as MessageRow;
    },
  };
  const media: Partial<MediaStorage> = {
    save: async (_companyId, _folder, file) => {
      state.stored.push(file?.originalname ?? '');
      return { path: `messages/${file?.originalname}`, name: file?.originalname ?? '', mimeType: file?.mimetype ?? '' };
    },
    urlOf: (path: string) => `https://media.test/${path}`,
  };
  const useCase = new SendMessageUseCase(
    inlineTransactions,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    projections as ProjectionsRepository,
    outbound as OutboundService,
    media as MediaStorage,
  );
  const send = (input: Partial<SendMessageInput>, files: UploadedFile[] = []) =>
    useCase.execute(COMPANY, AGENT, row.id, { body: '', ...input }, files);
  return { state, send };
}

describe(SendMessageUseCase.name, () => {
  it('sends the agent’s text with the contact’s name filled in, quoting the chosen message', async () => {
    const { state, send } = replyingOn({});
    const sent = await send({ body: '  Olá {{name}}, tudo bem?  ', quotedMsg: { id: 'q-1' } });
    expect(state.sent).toEqual([
      { body: 'Olá Maria, tudo bem?', isBot: false, userId: AGENT.userId, quotedMsgId: 'q-1' },
    ]);
    expect(sent.map((message) => message.body)).toEqual(['Olá Maria, tudo bem?']);
  });

  it('sends each uploaded file as a message, the text as the first one’s caption', async () => {
    const { state, send } = replyingOn({});
    await send({ body: 'Segue' }, [upload('a.pdf', 'application/pdf'), upload('b.png', 'image/png')]);
    expect(state.sent.map((message) => [message.body, message.media?.fileName, message.media?.url])).toEqual([
      ['Segue', 'a.pdf', 'https://media.test/messages/a.pdf'],
      ['', 'b.png', 'https://media.test/messages/b.png'],
    ]);
  });

  it('sends a media URL under its decoded file name and type', async () => {
    const { state, send } = replyingOn({});
    await send({ mediaUrl: 'https://cdn.test/files/Nota%20fiscal.pdf' });
    expect(state.sent[0]?.media).toEqual({
      url: 'https://cdn.test/files/Nota%20fiscal.pdf',
      mimeType: 'application/pdf',
      fileName: 'Nota fiscal.pdf',
    });
  });

  it('refuses an empty message', async () => {
    const { state, send } = replyingOn({});
    await expect(send({ body: '   ' })).rejects.toMatchObject({ code: 'ERR_VALIDATION', message: 'Mensagem vazia.' });
    expect(state.sent).toEqual([]);
  });

  it('refuses to send on a ticket that is not open', async () => {
    for (const status of ['pending', 'closed'] as const) {
      const { state, send } = replyingOn({ status, userId: null });
      await expect(send({ body: 'oi' })).rejects.toMatchObject({ code: 'ERR_TICKET_NOT_OPEN' });
      expect(state.sent).toEqual([]);
    }
  });

  it('refuses an agent who may not see the ticket', async () => {
    const { state, send } = replyingOn({}, { visible: false });
    await expect(send({ body: 'oi' })).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(state.sent).toEqual([]);
  });
});
