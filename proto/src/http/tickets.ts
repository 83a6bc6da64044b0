import { z } from 'zod';
import { IdSchema, PG_INT_MAX } from '../common/ids.js';
import { partialUpdateSchema } from '../common/partial-update.js';
import { PageNumberSchema } from '../common/pagination.js';
import { CampaignTemplateSchema } from '../events/campaigns/snapshots.js';
import { ScheduleEntrySchema } from '../events/identity/snapshots.js';
import {
  MessageSnapshotSchema,
  QueueSnapshotSchema,
  QuickMessageSnapshotSchema,
  ScheduleSnapshotSchema,
  TagSnapshotSchema,
  TicketSnapshotSchema,
} from '../events/tickets/snapshots.js';
import { IdParamSchema, pageOf, UploadedFileSchema } from './common.js';

/**
 * The tickets service's public routes (tickets, messages, queues and their options, tags, quick messages, ticket
 * notes, schedules, dashboard): request schemas the service validates with, and the answers it gives.
 */

const optionalSearch = (max: number) => z.string().trim().max(max).optional().catch(undefined);
const firstPage = PageNumberSchema.optional().transform((value) => value ?? 1);

// --- tickets --------------------------------------------------------------------------------------------------

/** The most tickets one kanban page may hold (`pageSize`): a 5,000-ticket board loads in ten requests. */
export const KANBAN_MAX_PAGE_SIZE = 500;

/** A JSON array of ids as the spec's clients send it (`[1,2]`), or a single id; anything else (beyond PostgreSQL integer too) is ignored. */
const idList = z
  .unknown()
  .optional()
  .transform((value): number[] => {
    if (value === undefined || value === null || value === '') return [];
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = value.split(',');
      }
    }
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items
      .map((item) => Number(typeof item === 'object' && item ? (item as { id?: unknown }).id : item))
      .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  })
  .meta({ description: 'A JSON array of ids (`[1,2]`), a comma-separated list or one id' });
const flag = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 'true')
  .meta({ description: '`true` or `false`' });
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((value) => value.slice(0, 10))
  .optional()
  .catch(undefined);

/** `GET /tickets`: the spec's filters, combined with AND. */
export const ListTicketsQuerySchema = z.object({
  searchParam: optionalSearch(200),
  pageNumber: firstPage,
  status: z.enum(['open', 'pending', 'closed']).optional().catch(undefined),
  date: day,
  updatedAt: day,
  showAll: flag,
  withUnreadMessages: flag,
  queueIds: idList,
  tags: idList,
  users: idList,
  /**
   * Service level (issue 55): `near` the open tickets close to a target of their queue (at risk), `breached`
   * those past one; anything else lists every ticket.
   */
  serviceLevel: z.enum(['near', 'breached']).optional().catch(undefined),
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuerySchema>;

/**
 * `GET /ticket/kanban`: the list's filters (its `status` ignored) plus an optional `pageSize` (40 by default, as
 * the spec's client expects; at most `KANBAN_MAX_PAGE_SIZE`, anything else falls back to 40).
 */
export const KanbanQuerySchema = ListTicketsQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(KANBAN_MAX_PAGE_SIZE).optional().catch(undefined),
});
export type KanbanQuery = z.infer<typeof KanbanQuerySchema>;

const optionalTicketId = z.coerce.number().int().positive().max(PG_INT_MAX).nullable().optional().catch(null);

/** `POST /tickets`: an agent opens a conversation with a contact. */
export const CreateTicketSchema = z.object({
  contactId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }).max(PG_INT_MAX),
  queueId: optionalTicketId,
  whatsappId: optionalTicketId,
  userId: optionalTicketId,
  status: z.enum(['open', 'pending']).optional().catch('open'),
});
export type CreateTicketInput = z.infer<typeof CreateTicketSchema>;

/** `false` (the close button sends `promptId: false`) and empty values mean "none". */
const nullableTicketRef = z
  .union([z.coerce.number().int().positive().max(PG_INT_MAX), z.literal(false), z.literal(''), z.null()])
  .transform((value) => (typeof value === 'number' ? value : null));

/** `PUT /tickets/{id}`: accept, return, close, reopen, transfer. */
export const UpdateTicketSchema = z.object({
  status: z.enum(['open', 'pending', 'closed']).optional(),
  userId: nullableTicketRef.optional(),
  queueId: nullableTicketRef.optional(),
  whatsappId: nullableTicketRef.optional(),
  useIntegration: z.boolean().optional(),
  promptId: nullableTicketRef.optional(),
  integrationId: nullableTicketRef.optional(),
});
export type UpdateTicketInput = z.infer<typeof UpdateTicketSchema>;

export const TicketParamsSchema = z.object({ id: IdParamSchema });
export const TicketUuidParamsSchema = z.object({ uuid: z.string().min(1) });
export const TicketSchema = TicketSnapshotSchema;
export const TicketPageSchema = pageOf('tickets', TicketSchema);
export type TicketPage = z.infer<typeof TicketPageSchema>;

// --- messages -------------------------------------------------------------------------------------------------

// proto runs in browsers and in Node, both with the WHATWG URL, which the ES library's types do not declare
declare const URL: new (input: string) => { protocol: string; username: string; password: string };

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** `POST /messages/{ticketId}` (JSON, or multipart with `medias` files and these fields). */
export const SendMessageSchema = z.object({
  body: z.string().max(65_536).optional().default(''),
  quotedMsg: z
    .union([z.object({ id: z.string().min(1) }).loose(), z.null()])
    .optional()
    .catch(null),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  /**
   * A file to send by URL: http(s) only (a `javascript:`, `file:` or `data:` URL is a 400, never stored). The
   * connector fetches it through the SSRF-safe client (`@cs/platform/http`).
   */
  mediaUrl: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.string().max(2_048).refine(isHttpUrl, 'URL inválida: use um endereço http(s)').optional(),
  ),
});
export type SendMessageInput = z.infer<typeof SendMessageSchema>;
/** How long after sending WhatsApp still lets a message be edited. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;
/**
 * `POST /messages/edit/{id}`: the new text of one of the agent's own text messages (trimmed, not empty, as long
 * as a sent message may be).
 */
export const EditMessageSchema = z.object({
  body: z.string().trim().min(1, 'Mensagem vazia.').max(65_536),
});
export type EditMessageInput = z.infer<typeof EditMessageSchema>;
/** The multipart form of `POST /messages/{ticketId}`: the JSON fields plus up to 10 `medias` files. */
export const SendMessageFormSchema = SendMessageSchema.extend({ medias: z.array(UploadedFileSchema).optional() });

/** `?pageNumber=` of a message view. */
export const MessagesQuerySchema = z.object({ pageNumber: firstPage });
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>;

export const TicketMessagesParamsSchema = z.object({ ticketId: IdParamSchema });
export const MessageParamsSchema = z.object({ id: z.string().min(1) });

/** A message of the message view: the snapshot, the quoted message and the contact who wrote it. */
export const MessageViewSchema = MessageSnapshotSchema.extend({
  quotedMsg: z.object({ id: z.string(), body: z.string(), fromMe: z.boolean(), mediaType: z.string() }).nullable(),
  contact: z.object({ id: IdSchema, name: z.string() }).nullable(),
});
export type MessageView = z.infer<typeof MessageViewSchema>;
/** `GET /messages/{ticketId}`: 20 per page, newest page first; reading it marks the ticket read. */
export const MessagePageSchema = z.object({
  messages: z.array(MessageViewSchema),
  ticket: TicketSnapshotSchema,
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;
/** `POST /messages/{ticketId}`: the messages sent (one per file, or the text). */
export const SentMessagesSchema = z.array(MessageSnapshotSchema);

// --- queues and options ---------------------------------------------------------------------------------------

const nullableQueueRef = z
  .union([z.coerce.number().int().positive().max(PG_INT_MAX), z.null(), z.literal('')])
  .transform((v) => (v === '' ? null : v));

/** `POST /queue`, `PUT /queue/{id}` (partial). */
export const QueueBodySchema = z.object({
  name: z.string({ error: 'Obrigatório' }).trim().min(2, { error: 'Muito curto!' }).max(50, { error: 'Muito longo!' }),
  color: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(20),
  greetingMessage: z.string().optional(),
  outOfHoursMessage: z.string().optional(),
  /** The menu position: 0 up to PostgreSQL's integer (its column), anything else a validation error. */
  orderQueue: z.coerce
    .number({ error: 'Número inválido' })
    .int('Número inválido')
    .min(0, 'Número inválido')
    .max(PG_INT_MAX, 'Número muito grande')
    .optional(),
  schedules: z.array(ScheduleEntrySchema).optional(),
  integrationId: nullableQueueRef.optional(),
  promptId: nullableQueueRef.optional(),
  autoAssign: z.boolean().optional(),
});
export type QueueBody = z.infer<typeof QueueBodySchema>;
/** `PUT /queue/{id}`: the fields to change (absent ones keep their values). */
export const QueueUpdateBodySchema = partialUpdateSchema(QueueBodySchema);

/** `POST /queue-options`, `PUT /queue-options/{id}` (partial); `parentId` -1 or absent: the top level. */
export const QueueOptionBodySchema = z.object({
  queueId: z.coerce.number().int().positive().max(PG_INT_MAX),
  parentId: z
    .union([z.coerce.number().int().positive().max(PG_INT_MAX), z.null(), z.literal(-1), z.literal('-1')])
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
  title: z.string({ error: 'Obrigatório' }).trim().min(1, { error: 'Obrigatório' }).max(100),
  message: z.string().optional().default(''),
  /**
   * The key the customer types ('1', '2', '#'). An all-digit key is ordered as a number, so it must fit
   * PostgreSQL's integer: a longer one is refused here rather than breaking the menu it belongs to.
   */
  option: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1)
        .max(20)
        .refine((key) => !/^\d+$/.test(key) || Number(key) <= PG_INT_MAX, {
          error: `Opção inválida: use um número até ${PG_INT_MAX}`,
        }),
    ),
});
export type QueueOptionBody = z.infer<typeof QueueOptionBodySchema>;
/** `PUT /queue-options/{id}`: the fields to change (absent ones keep their values). */
export const QueueOptionUpdateBodySchema = partialUpdateSchema(QueueOptionBodySchema);

/** `GET /queue-options?queueId=&parentId=`. */
export const QueueOptionsQuerySchema = z.object({
  queueId: z.coerce.number().int().positive().max(PG_INT_MAX),
  parentId: z.coerce.number().int().min(-1).max(PG_INT_MAX).optional().catch(undefined),
});
export type QueueOptionsQuery = z.infer<typeof QueueOptionsQuerySchema>;

/** A queue as `/queue` answers it: the snapshot plus its media and the auto-assignment flag. */
export const QueueViewSchema = QueueSnapshotSchema.extend({
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  autoAssign: z.boolean(),
});
export type QueueView = z.infer<typeof QueueViewSchema>;

/** A chatbot menu option of a queue (`parentId` null: the root menu). */
export const QueueOptionSchema = z.object({
  id: IdSchema,
  queueId: IdSchema,
  parentId: IdSchema.nullable(),
  title: z.string(),
  message: z.string(),
  option: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
});
export type QueueOption = z.infer<typeof QueueOptionSchema>;

/** `POST /x/{id}/media-upload`: one multipart `file`. */
export const MediaUploadBodySchema = z.object({ file: UploadedFileSchema });

// --- tags -----------------------------------------------------------------------------------------------------

/** The kanban flag as clients send it (0/1, a boolean or a string); absent stays absent. */
const kanbanFlag = z
  .union([z.number(), z.boolean(), z.string(), z.null()])
  .optional()
  .transform((value): 0 | 1 | undefined =>
    value === undefined ? undefined : value === true || value === 1 || value === '1' || value === 'true' ? 1 : 0,
  );

/** `POST /tags`, `PUT /tags/{id}`: name at least 3 characters (the spec's messages). */
export const TagBodySchema = z.object({
  name: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(3, { error: 'Mensagem muito curta' })
    .max(100, { error: 'Mensagem muito longa' }),
  color: z.string().trim().min(1).max(20).optional().catch(undefined),
  kanban: kanbanFlag,
});
export type TagBody = z.infer<typeof TagBodySchema>;
/** `PUT /tags/{id}`: the fields to change (absent ones keep their values). */
export const TagUpdateBodySchema = partialUpdateSchema(TagBodySchema);

export const ListTagsQuerySchema = z.object({
  searchParam: optionalSearch(100),
  pageNumber: firstPage,
  kanban: kanbanFlag.catch(undefined),
});
export type ListTagsQuery = z.infer<typeof ListTagsQuerySchema>;

const tagRef = z.union([
  z.coerce.number().int().positive().max(PG_INT_MAX),
  z
    .object({ id: z.coerce.number().int().positive().max(PG_INT_MAX) })
    .loose()
    .transform((tag) => tag.id),
]);

/** `POST /tags/sync {ticketId, tags}`: tags as ids or as the tag objects the tag editor holds. */
export const SyncTagsSchema = z.object({
  ticketId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }).max(PG_INT_MAX),
  tags: z.array(tagRef).optional().default([]),
});
export type SyncTagsInput = z.infer<typeof SyncTagsSchema>;

export const TagSchema = TagSnapshotSchema;
export const TagPageSchema = pageOf('tags', TagSchema);
export const TagKanbanSchema = z.object({ lista: z.array(TagSchema) });
export const TicketTagParamsSchema = z.object({ ticketId: IdParamSchema, tagId: IdParamSchema });
export const TicketTagsParamsSchema = z.object({ ticketId: IdParamSchema });
/** `PUT /ticket-tags/...`, `DELETE /ticket-tags/...`: an acknowledgement and the ticket with its new tags. */
export const TicketTagsResponseSchema = z.object({ message: z.string(), ticket: TicketSnapshotSchema });

// --- quick messages -------------------------------------------------------------------------------------------

const quickFlag = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === true || value === 'true' || value === 1 || value === '1',
  );

/** `POST /quick-messages`, `PUT /quick-messages/{id}` (partial): the shortcode is required (the spec). */
export const QuickMessageBodySchema = z.object({
  shortcode: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, { error: 'Obrigatório' })
    .max(100, { error: 'Muito longo!' })
    .transform((value) => value.replace(/^\/+/, '')),
  message: z.string().max(65_536).optional(),
  geral: quickFlag,
});
export type QuickMessageBody = z.infer<typeof QuickMessageBodySchema>;
/** `PUT /quick-messages/{id}`: the fields to change (absent ones keep their values). */
export const QuickMessageUpdateBodySchema = partialUpdateSchema(QuickMessageBodySchema);

export const ListQuickMessagesQuerySchema = z.object({ searchParam: optionalSearch(100), pageNumber: firstPage });
export type ListQuickMessagesQuery = z.infer<typeof ListQuickMessagesQuerySchema>;
/**
 * `GET /quick-messages/list?companyId=&userId=`: the established clients send the session's company and user; the
 * service answers for the session's own (the query is read by no one).
 */
export const QuickMessageListQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().max(PG_INT_MAX).optional(),
  userId: z.coerce.number().int().positive().max(PG_INT_MAX).optional(),
});

/** A quick reply as clients read it: `mediaPath` is the file's URL (the message input fetches it to send it). */
export const QuickMessageViewSchema = QuickMessageSnapshotSchema.extend({
  isMedia: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessageView = z.infer<typeof QuickMessageViewSchema>;
export const QuickMessagePageSchema = pageOf('records', QuickMessageViewSchema);

// --- ticket notes ---------------------------------------------------------------------------------------------

const note = z
  .string({ error: 'Obrigatório' })
  .trim()
  .min(1, { error: 'Obrigatório' })
  .min(2, { error: 'Muito curto!' })
  .max(65_536, { error: 'Muito longo!' });
const optionalId = z.coerce.number().int().positive().max(PG_INT_MAX).optional().catch(undefined);

/** `POST /ticket-notes {note, ticketId, contactId}`: a note of at least 2 characters (the spec). */
export const CreateTicketNoteSchema = z.object({
  note,
  ticketId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }).max(PG_INT_MAX),
  contactId: optionalId,
});
export type CreateTicketNoteInput = z.infer<typeof CreateTicketNoteSchema>;

export const UpdateTicketNoteSchema = z.object({ note });
export type UpdateTicketNoteInput = z.infer<typeof UpdateTicketNoteSchema>;

/** `GET /ticket-notes/list (ticketId, contactId)`: one of them is required. */
export const TicketNotesFilterSchema = z.object({ ticketId: optionalId, contactId: optionalId });
export type TicketNotesFilter = z.infer<typeof TicketNotesFilterSchema>;

/** `GET /ticket-notes (searchParam, pageNumber)`. */
export const ListTicketNotesQuerySchema = z.object({ searchParam: optionalSearch(200), pageNumber: firstPage });
export type ListTicketNotesQuery = z.infer<typeof ListTicketNotesQuerySchema>;

/** A note as the contact drawer shows it: the text, who wrote it (name) and when. */
export const TicketNoteViewSchema = z.object({
  id: IdSchema,
  note: z.string(),
  ticketId: IdSchema,
  contactId: IdSchema,
  userId: IdSchema,
  user: z.object({ id: IdSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketNoteView = z.infer<typeof TicketNoteViewSchema>;
export const TicketNotePageSchema = pageOf('ticketNotes', TicketNoteViewSchema);

// --- schedules ------------------------------------------------------------------------------------------------

/** `POST /schedules`, `PUT /schedules/{id}` (partial): the spec's validation and messages. */
export const ScheduleBodySchema = z.object({
  body: z.string({ error: 'Obrigatório' }).trim().min(5, { error: 'Mensagem muito curta' }).max(65_536),
  contactId: z.coerce.number({ error: 'Obrigatório' }).int().positive({ error: 'Obrigatório' }).max(PG_INT_MAX),
  /** An instant, or a wall-clock time without offset in the company's time zone (see `parseDateTime`). */
  sendAt: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.union([z.string(), z.date()], { error: 'Obrigatório' }),
  ),
  /**
   * Cloud API connections: send this approved template (its values may use the message variables) instead of
   * free text; `body` is then the text the chat shows. Null: send `body`.
   */
  template: CampaignTemplateSchema.nullable().optional(),
  /**
   * The connection to send through (the template is one of its templates); null or absent: the contact's open
   * ticket, else the company's default connection. Another company's connection: `ERR_NO_WAPP_FOUND`.
   */
  whatsappId: z.coerce.number().int().positive().max(PG_INT_MAX).nullable().optional(),
});
export type ScheduleBody = z.infer<typeof ScheduleBodySchema>;
/** `PUT /schedules/{id}`: the fields to change (absent ones keep their values). */
export const ScheduleUpdateBodySchema = partialUpdateSchema(ScheduleBodySchema);

export const ListSchedulesQuerySchema = z.object({
  searchParam: optionalSearch(200),
  pageNumber: firstPage,
  contactId: z.coerce.number().int().positive().max(PG_INT_MAX).optional().catch(undefined),
  userId: z.coerce.number().int().positive().max(PG_INT_MAX).optional().catch(undefined),
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuerySchema>;

export const ScheduleSchema = ScheduleSnapshotSchema;
export const SchedulePageSchema = pageOf('schedules', ScheduleSchema);

// --- dashboard ------------------------------------------------------------------------------------------------

/** Empty or invalid values are sent as null (the spec): they count as absent. */
const absent = (value: unknown): unknown =>
  value === '' || value === 'null' || value === 'undefined' || value === null ? undefined : value;
const reportDay = z.preprocess(
  absent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .transform((value) => value.slice(0, 10))
    .optional()
    .catch(undefined),
);

/** `GET /dashboard (days, date_from, date_to)`: at least one is needed ('Parametrize o filtro'). */
export const DashboardQuerySchema = z.object({
  days: z.preprocess(absent, z.coerce.number().int().min(1).max(3660).optional().catch(undefined)),
  date_from: reportDay,
  date_to: reportDay,
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** `GET /dashboard/ticketsDay` and `/dashboard/ticketsUsers (initialDate, finalDate)`: whole days, both needed. */
export const DashboardReportQuerySchema = z.object({ initialDate: reportDay, finalDate: reportDay });
export type DashboardReportQuery = z.infer<typeof DashboardReportQuerySchema>;

const isoDay = z.preprocess(
  absent,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida (AAAA-MM-DD)')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'Data inválida (AAAA-MM-DD)')
    .optional(),
);

/**
 * `GET /messages-allMe` (the established dashboard's message cards): `fromMe` `true` counts the messages sent,
 * `false` those received, absent all; `dateStart` and `dateEnd` (whole days in the company's time zone, both)
 * limit them to the days from one to the other.
 */
export const MessageCountQuerySchema = z
  .object({
    fromMe: z.preprocess(absent, z.enum(['true', 'false'], 'Use true ou false').optional()),
    dateStart: isoDay,
    dateEnd: isoDay,
  })
  .refine((query) => !query.dateStart || !query.dateEnd || query.dateStart <= query.dateEnd, {
    path: ['dateEnd'],
    message: 'A data final deve ser igual ou posterior à inicial',
  });
export type MessageCountQuery = z.infer<typeof MessageCountQuerySchema>;
/** The count as the established client reads it: `count[0].count`. */
export const MessageCountSchema = z.object({ count: z.array(z.object({ count: z.number().int().min(0) })) });
export type MessageCount = z.infer<typeof MessageCountSchema>;

export const DashboardCountersSchema = z.object({
  /** Tickets pending now (not limited to the period). */
  supportPending: z.number(),
  /** Tickets open (being attended) now (not limited to the period). */
  supportHappening: z.number(),
  /** Attendance cycles of the period that are finished. */
  supportFinished: z.number(),
  /** Contacts with exactly one attendance cycle in the period. */
  leads: z.number(),
  /** Average minutes from the start of the attendance to its rating request or end, over cycles with one. */
  avgSupportTime: z.number(),
  /** Average minutes from entering the queue to being accepted, over accepted cycles. */
  avgWaitTime: z.number(),
  /** Attendance cycles begun in each hour of the day (0-23, company time zone) within the period: the chart. */
  ticketsPerHour: z.array(z.number()),
  /** Super users only: every company of the platform. */
  totalCompanies: z.number().optional(),
  /** Super users only: the connections of every company connected now ("Conexões Ativas"). */
  totalWhatsappSessions: z.number().optional(),
});
export type DashboardCounters = z.infer<typeof DashboardCountersSchema>;

export const DashboardAttendantSchema = z.object({
  id: IdSchema,
  name: z.string(),
  avgSupportTime: z.number(),
  tickets: z.number(),
  /** Average 1-3 rating of their attendances of the period; 0 with none. */
  rating: z.number(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof DashboardAttendantSchema>;
export const DashboardSchema = z.object({
  counters: DashboardCountersSchema,
  attendants: z.array(DashboardAttendantSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** One slot of `GET /dashboard/ticketsDay`: an hour of the day (a single day asked) or a `dd/mm/YYYY` date. */
export const TicketsDaySlotSchema = z.union([
  z.object({ total: z.number(), horario: z.number() }),
  z.object({ total: z.number(), data: z.string() }),
]);
export type TicketsDaySlot = z.infer<typeof TicketsDaySlotSchema>;
export const TicketsDaySchema = z.object({ count: z.number(), data: z.array(TicketsDaySlotSchema) });
/** One attendant of `GET /dashboard/ticketsUsers`: attendances finished in the period (upstream's names). */
export const TicketsUserSlotSchema = z.object({ nome: z.string(), quantidade: z.number() });
export type TicketsUserSlot = z.infer<typeof TicketsUserSlotSchema>;
export const TicketsUsersSchema = z.object({ data: z.array(TicketsUserSlotSchema) });

export type Tag = z.infer<typeof TagSchema>;
export type Schedule = z.infer<typeof ScheduleSchema>;
export type TicketTagsResponse = z.infer<typeof TicketTagsResponseSchema>;
export type SentMessages = z.infer<typeof SentMessagesSchema>;
