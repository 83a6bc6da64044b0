import { z } from 'zod';
import { IdSchema } from '../../common/ids.js';
import { ScheduleEntrySchema } from '../identity/snapshots.js';
import { CampaignTemplateSchema } from '../campaigns/snapshots.js';
import { RefusedMediaSchema } from '../whatsapp/snapshots.js';

export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

export const MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'document',
  'sticker',
  'locationMessage',
  'vcard',
  'call_log',
  'reactionMessage',
] as const;

/** A ticket as the spec's list item and chat header show it. */
export const TicketSnapshotSchema = z.object({
  id: IdSchema,
  uuid: z.uuid(),
  companyId: IdSchema,
  status: TicketStatusSchema,
  userId: IdSchema.nullable(),
  queueId: IdSchema.nullable(),
  whatsappId: IdSchema.nullable(),
  contactId: IdSchema,
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  useIntegration: z.boolean(),
  promptId: IdSchema.nullable(),
  integrationId: IdSchema.nullable(),
  lastMessage: z.string(),
  unreadMessages: z.number().int().min(0),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  contact: z.object({
    id: IdSchema,
    name: z.string(),
    number: z.string(),
    email: z.string(),
    profilePicUrl: z.string().nullable(),
  }),
  queue: z.object({ id: IdSchema, name: z.string(), color: z.string() }).nullable(),
  user: z.object({ id: IdSchema, name: z.string() }).nullable(),
  whatsapp: z.object({ id: IdSchema, name: z.string() }).nullable(),
  tags: z.array(z.object({ id: IdSchema, name: z.string(), color: z.string() })),
});
export type TicketSnapshot = z.infer<typeof TicketSnapshotSchema>;

/** Where a ticket was before a change, so realtime can remove it from the lists it left. */
export const TicketPlacementSchema = z.object({
  status: TicketStatusSchema,
  queueId: IdSchema.nullable(),
  userId: IdSchema.nullable(),
});

export const MessageSnapshotSchema = z.object({
  id: z.string().min(1),
  ticketId: IdSchema,
  companyId: IdSchema,
  contactId: IdSchema.nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  /** Sent by the chatbot or another automation, not typed by a person. */
  isBot: z.boolean(),
  ack: z.number().int().min(0).max(5),
  read: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  quotedMsgId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** From schema version 3 (created) / 2 (updated): the file the connector did not keep; null or absent: none. */
  refusedMedia: RefusedMediaSchema.nullable().optional(),
});
export type MessageSnapshot = z.infer<typeof MessageSnapshotSchema>;

export const QueueSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int().min(0),
  schedules: z.array(ScheduleEntrySchema),
  promptId: IdSchema.nullable(),
  integrationId: IdSchema.nullable(),
  /** From schema version 2: the rest of what `/queue` answers (the realtime record is the REST record). */
  mediaPath: z.string().nullable().optional(),
  mediaName: z.string().nullable().optional(),
  autoAssign: z.boolean().optional(),
});
export type QueueSnapshot = z.infer<typeof QueueSnapshotSchema>;

/** A tag (and kanban lane when `kanban` is 1), with how many tickets carry it. */
export const TagSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  name: z.string(),
  color: z.string(),
  kanban: z.number().int().min(0).max(1),
  userId: IdSchema.nullable(),
  ticketsCount: z.number().int().min(0),
});
export type TagSnapshot = z.infer<typeof TagSnapshotSchema>;

/** A quick reply (`/shortcode`), shared with the company (`geral`) or personal to its user. */
export const QuickMessageSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  userId: IdSchema.nullable(),
  shortcode: z.string(),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  geral: z.boolean(),
  /** From schema version 2: the rest of what `/quick-messages` answers (the realtime record is the REST record). */
  isMedia: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type QuickMessageSnapshot = z.infer<typeof QuickMessageSnapshotSchema>;

export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const;
export const ScheduleStatusSchema = z.enum(SCHEDULE_STATUSES);

/** A scheduled message: PENDENTE until its job sends it (ENVIADA) or gives up (ERRO, with the reason). */
export const ScheduleSnapshotSchema = z.object({
  id: IdSchema,
  companyId: IdSchema,
  body: z.string(),
  sendAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  contactId: IdSchema,
  ticketId: IdSchema.nullable(),
  userId: IdSchema.nullable(),
  status: ScheduleStatusSchema,
  error: z.string().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /**
   * From schema version 2: the Cloud API template the schedule sends (the shape of a campaign's: name, language,
   * components, header/body values that may use the message variables); null or absent: it sends `body`.
   */
  template: CampaignTemplateSchema.nullable().optional(),
  /**
   * From schema version 3: the connection the schedule sends through (its template is one of that connection's);
   * null or absent: the contact's open ticket, else the company's default connection.
   */
  whatsappId: IdSchema.nullable().optional(),
  contact: z.object({ id: IdSchema, name: z.string(), number: z.string() }).nullable(),
});
export type ScheduleSnapshot = z.infer<typeof ScheduleSnapshotSchema>;

/** A member of an internal chat with their unread count. */
export const ChatMemberSnapshotSchema = z.object({
  userId: IdSchema,
  unreads: z.number().int().min(0),
  user: z.object({ id: IdSchema, name: z.string() }),
});
export type ChatMemberSnapshot = z.infer<typeof ChatMemberSnapshotSchema>;

/** An internal chat between staff users of a company (its owner edits and deletes it). */
export const ChatSnapshotSchema = z.object({
  id: IdSchema,
  uuid: z.uuid(),
  companyId: IdSchema,
  title: z.string(),
  ownerId: IdSchema,
  lastMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  users: z.array(ChatMemberSnapshotSchema),
});
export type ChatSnapshot = z.infer<typeof ChatSnapshotSchema>;

/** A message of an internal chat, with its sender's name. */
export const ChatMessageSnapshotSchema = z.object({
  id: IdSchema,
  chatId: IdSchema,
  senderId: IdSchema,
  sender: z.object({ id: IdSchema, name: z.string() }),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessageSnapshot = z.infer<typeof ChatMessageSnapshotSchema>;
