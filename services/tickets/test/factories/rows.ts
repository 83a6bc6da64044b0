import { asCompanyId, asUserId } from '@cs/proto/common';
import { newConnectionSettings } from '@cs/proto/events';
import type { AuditTrail } from '@cs/platform/audit';
import type { TransactionHost } from '@cs/platform/database';
import type { EventPublisher } from '@cs/platform/events';
import type { Identity } from '@cs/platform/tenancy';
import type { MediaStorage, UploadedFile } from '../../src/modules/media/media.storage.js';
import type { MessageRow } from '../../src/modules/messages/messages.repository.js';
import type { CompanyView, ConnectionView } from '../../src/modules/projections/projections.repository.js';
import type { QueueOptionRow, QueueRow, QueuesRepository } from '../../src/modules/queues/queues.repository.js';
import type { TicketPatch, TicketRow } from '../../src/modules/tickets/tickets.repository.js';

/** Rows and views as the repositories return them, for unit specs over in-memory ports. */
export const COMPANY = asCompanyId(2);

/** A pending customer ticket in no queue, without a person or a bot. */
export const ticketRow = (overrides: Partial<TicketRow> = {}): TicketRow => ({
  id: 10,
  uuid: '00000000-0000-4000-8000-000000000010',
  companyId: COMPANY,
  status: 'pending',
  userId: null,
  queueId: null,
  whatsappId: 1,
  contactId: 5,
  chatJid: '5511999990000@s.whatsapp.net',
  isGroup: false,
  chatbot: false,
  queueOptionId: null,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  lastMessage: 'oi',
  unreadMessages: 1,
  fromMe: false,
  botMenuCount: 0,
  outOfHoursSentAt: null,
  greetingSentAt: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

/** A ticket as `TicketsRepository.patch` leaves it (`touch` only orders the list). */
export const patchedTicket = (ticket: TicketRow, patch: TicketPatch): TicketRow => {
  const { touch: _touch, ...fields } = patch;
  return { ...ticket, ...fields };
};

/** One of our agent's text messages on `ticketRow`'s ticket, accepted by WhatsApp (it has a WhatsApp id). */
export const messageRow = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  id: 'm-1',
  ticketId: 10,
  companyId: COMPANY,
  contactId: 5,
  body: 'O boleto vence amanhã',
  fromMe: true,
  isBot: false,
  ack: 2,
  read: true,
  mediaType: 'chat',
  mediaUrl: null,
  isDeleted: false,
  isEdited: false,
  quotedMsgId: null,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  waId: 'WA-1',
  whatsappId: 1,
  userId: 3,
  error: null,
  ...overrides,
});

export const queueRow = (overrides: Partial<QueueRow> & Pick<QueueRow, 'id' | 'name'>): QueueRow => ({
  companyId: COMPANY,
  color: '#000',
  greetingMessage: '',
  outOfHoursMessage: '',
  schedules: [],
  orderQueue: overrides.id,
  integrationId: null,
  promptId: null,
  mediaPath: null,
  mediaName: null,
  autoAssign: false,
  lastAssignedUserId: null,
  ...overrides,
});

/** The company's queues in memory (`queues`, changed in place), as `QueuesRepository.unbind` leaves them. */
export function queuesInMemory(stored: QueueRow[]): { queues: QueueRow[]; repository: QueuesRepository } {
  const queues = [...stored];
  const unbind = async (_companyId: unknown, ref: 'prompt' | 'integration', id: number) => {
    const key = ref === 'prompt' ? 'promptId' : 'integrationId';
    const unbound: QueueRow[] = [];
    queues.forEach((queue, index) => {
      if (queue[key] !== id) return;
      queues[index] = { ...queue, [key]: null };
      unbound.push(queues[index]);
    });
    return unbound;
  };
  return { queues, repository: { unbind } as unknown as QueuesRepository };
}

export const optionRow = (
  overrides: Partial<QueueOptionRow> & Pick<QueueOptionRow, 'id' | 'queueId' | 'option' | 'title'>,
): QueueOptionRow => ({ parentId: null, message: '', mediaPath: null, mediaName: null, ...overrides });

/** A connected connection with a new one's settings (no greeting, no queues, no limits). */
export const connectionView = (overrides: Partial<ConnectionView> = {}): ConnectionView => ({
  id: 1,
  name: 'Vendas',
  status: 'CONNECTED',
  ...newConnectionSettings(),
  provider: null,
  ...overrides,
});

export const companyView = (overrides: Partial<CompanyView> = {}): CompanyView => ({
  id: COMPANY,
  timezone: 'America/Sao_Paulo',
  schedules: [],
  settings: {},
  plan: null,
  ...overrides,
});

/** A signed-in user of the company (an agent unless `profile` says admin). */
export const identityOf = (userId: number, profile: Identity['profile'] = 'user'): Identity => ({
  companyId: COMPANY,
  userId: asUserId(userId),
  profile,
  isSuper: false,
  sessionId: 's',
});

/** Runs a unit of work as it is, for use-cases over in-memory ports (nothing to roll back). */
export const inlineTransactions = { run: async (fn: () => Promise<unknown>) => fn() } as unknown as TransactionHost;

export interface Emitted {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/** An event publisher that keeps what was written to the outbox (commands included), in order. */
export function recordingPublisher(): { events: Emitted[]; publisher: EventPublisher } {
  const events: Emitted[] = [];
  const emit = async (definition: { type: string }, input: { data: Record<string, unknown> }) => {
    events.push({ type: definition.type, data: input.data });
  };
  const emitAll = async (items: Array<{ definition: { type: string }; input: { data: Record<string, unknown> } }>) => {
    for (const item of items) await emit(item.definition, item.input);
  };
  return { events, publisher: { emit, emitAll } as unknown as EventPublisher };
}

/** An audit trail that keeps the actions recorded, in order. */
export function recordingAudit(): { actions: string[]; audit: AuditTrail } {
  const actions: string[] = [];
  const record = async (entry: { action: string }) => {
    actions.push(entry.action);
  };
  return { actions, audit: { record } as unknown as AuditTrail };
}

/**
 * A media store that keeps no bytes, under `baseUrl`: the paths stored (`<company>/<folder>/<name>`, spaces in the name
 * become underscores as `MediaStorage.save` makes them) and removed, in order. A URL is another company's when it is
 * not under the caller's folder.
 */
export function recordingMedia(baseUrl = ''): { files: { saved: string[]; removed: string[] }; media: MediaStorage } {
  const files = { saved: [] as string[], removed: [] as string[] };
  const media = {
    urlOf: (path: string) => `${baseUrl}${path}`,
    isOtherCompanys: (companyId: number, url: string) => !url.startsWith(`${baseUrl}${companyId}/`),
    save: async (companyId: number, folder: string, file: UploadedFile) => {
      const name = file.originalname.replaceAll(' ', '_');
      const path = `${companyId}/${folder}/${name}`;
      files.saved.push(path);
      return { path, name, mimeType: file.mimetype };
    },
    remove: async (path: string | null) => {
      if (path) files.removed.push(path);
    },
  };
  return { files, media: media as unknown as MediaStorage };
}
