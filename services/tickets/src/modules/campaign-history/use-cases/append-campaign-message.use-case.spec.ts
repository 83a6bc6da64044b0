import type { JobsService } from '@cs/platform/jobs';
import type { MessageRow, MessagesRepository, NewMessage } from '../../messages/messages.repository.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  inlineTransactions,
  patchedTicket,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import type { CampaignHistoryRepository } from '../campaign-history.repository.js';
import {
  AppendCampaignMessageUseCase,
  CAMPAIGN_HISTORY_JOB,
  type Delivered,
} from './append-campaign-message.use-case.js';

const CONTACT = 5;

const delivered = (overrides: Partial<Delivered> = {}): Delivered => ({
  campaignId: 7,
  campaignName: 'Black Friday',
  shippingId: '1',
  part: 'main',
  connectionId: 1,
  chatJid: '5511999990000@s.whatsapp.net',
  number: '5511999990000',
  content: { kind: 'text', body: 'Ofertas de hoje!' },
  messageId: 'WA-C1',
  sentAt: '2026-11-27T12:00:00.000Z',
  ...overrides,
});

/** The contacts projection, the contact's tickets and messages in memory; what was announced and queued. */
function history(options: { knownNumbers?: string[]; ticket?: Partial<TicketRow> | null } = {}) {
  const { events, publisher } = recordingPublisher();
  const state = {
    knownNumbers: options.knownNumbers ?? ['5511999990000'],
    ticket:
      options.ticket === null
        ? null
        : ticketRow({ status: 'open', userId: 3, queueId: 2, unreadMessages: 4, ...options.ticket }),
    created: [] as Array<{ status: string }>,
    messages: [] as MessageRow[],
    events,
    jobs: [] as Array<{ name: string; data: unknown }>,
    touched: [] as boolean[],
  };
  const repository: Partial<CampaignHistoryRepository> = {
    contactByNumbers: async (_companyId, numbers) =>
      numbers.some((number) => state.knownNumbers.includes(number)) ? CONTACT : null,
  };
  const tickets: Partial<TicketsRepository> = {
    findByContact: async () => state.ticket,
    findOrCreate: async (_companyId, input) => {
      state.created.push({ status: input.status });
      state.ticket = ticketRow({ id: 11, status: input.status, contactId: input.contactId, lastMessage: '' });
      return { ticket: state.ticket, created: true };
    },
    patch: async (_companyId, _id, patch) => {
      state.touched.push(patch.touch !== false);
      return (state.ticket = patchedTicket(state.ticket as TicketRow, patch));
    },
    snapshot: async () => ({ id: state.ticket?.id }) as never,
  };
  const messages: Partial<MessagesRepository> = {
    findByWaId: async (_companyId, _connectionId, waId) => state.messages.find((m) => m.waId === waId) ?? null,
    insert: async (_companyId, input: NewMessage) => {
      const row = {
        ...input,
        isDeleted: false,
        isEdited: false,
        companyId: COMPANY,
        error: null,
      } as unknown as MessageRow;
      state.messages.push(row);
      return row;
    },
  };
  const jobs: Partial<JobsService> = {
    send: async (name: string, data: unknown) => {
      state.jobs.push({ name, data });
      return null;
    },
  };
  const useCase = new AppendCampaignMessageUseCase(
    inlineTransactions,
    repository as CampaignHistoryRepository,
    tickets as TicketsRepository,
    messages as MessagesRepository,
    publisher,
    jobs as JobsService,
  );
  return { state, useCase };
}

describe(AppendCampaignMessageUseCase.name, () => {
  it('appends the message to the contact’s ticket without moving it: status, queue, unread and place kept', async () => {
    const { state, useCase } = history();
    await useCase.execute(COMPANY, delivered());
    expect(state.messages).toMatchObject([
      { body: 'Ofertas de hoje!', fromMe: true, ack: 1, read: true, mediaType: 'chat' },
    ]);
    expect(state.ticket).toMatchObject({
      status: 'open',
      userId: 3,
      queueId: 2,
      unreadMessages: 4,
      lastMessage: 'Ofertas de hoje!',
    });
    expect(state.touched).toEqual([false]);
    expect(state.events.map((event) => event.type)).toEqual(['tickets.message.created']);
  });

  it('opens a closed ticket for a contact without one (no pending step)', async () => {
    const { state, useCase } = history({ ticket: null });
    await useCase.execute(COMPANY, delivered());
    expect(state.created).toEqual([{ status: 'closed' }]);
    expect(state.messages).toHaveLength(1);
  });

  it('finds the contact under another spelling of the number (Brazilian mobile ninth digit)', async () => {
    const { state, useCase } = history({ knownNumbers: ['551199990000'] });
    await useCase.execute(COMPANY, delivered());
    expect(state.messages).toHaveLength(1);
    expect(state.jobs).toEqual([]);
  });

  it('stores a campaign document under its caption or file name, as the tickets screen types it', async () => {
    const { state, useCase } = history();
    await useCase.execute(
      COMPANY,
      delivered({
        content: {
          kind: 'media',
          mediaType: 'document',
          url: 'https://cdn/x.pdf',
          mimeType: 'application/pdf',
          fileName: 'x.pdf',
          caption: '',
          ptt: false,
        },
      }),
    );
    expect(state.messages).toMatchObject([{ body: 'x.pdf', mediaType: 'application', mediaUrl: 'https://cdn/x.pdf' }]);
  });

  it('appends a redelivered message once', async () => {
    const { state, useCase } = history();
    await useCase.execute(COMPANY, delivered());
    await useCase.execute(COMPANY, delivered());
    expect(state.messages).toHaveLength(1);
    expect(state.events).toHaveLength(1);
  });

  it('asks contacts for an unknown number’s contact and appends from a job once it exists', async () => {
    const { state, useCase } = history({ knownNumbers: [] });
    await useCase.execute(COMPANY, delivered());
    expect(state.events).toMatchObject([
      { type: 'contacts.contact.ensure', data: { connectionId: 1, number: '5511999990000' } },
    ]);
    expect(state.jobs.map((job) => job.name)).toEqual([CAMPAIGN_HISTORY_JOB]);
    expect(state.messages).toEqual([]);

    await expect(useCase.retry(COMPANY, delivered())).rejects.toThrow(/not known yet/);
    state.knownNumbers.push('5511999990000');
    await useCase.retry(COMPANY, delivered());
    expect(state.messages).toHaveLength(1);
  });
});
