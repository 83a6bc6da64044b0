import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import {
  ChatMessageSnapshotSchema,
  ChatSnapshotSchema,
  MessageSnapshotSchema,
  QueueSnapshotSchema,
  QuickMessageSnapshotSchema,
  ScheduleSnapshotSchema,
  TagSnapshotSchema,
  TicketPlacementSchema,
  TicketSnapshotSchema,
} from './snapshots.js';

const ticketChange = z.object({ ticket: TicketSnapshotSchema, previous: TicketPlacementSchema.nullable() });

export const TicketCreated = defineEvent('tickets.ticket.created', ticketChange, {
  description: 'A ticket was created (inbound message or by an agent).',
});
export const TicketUpdated = defineEvent('tickets.ticket.updated', ticketChange, {
  description: 'A ticket changed: status, user, queue, tags, last message, unread count.',
});
export const TicketDeleted = defineEvent(
  'tickets.ticket.deleted',
  z.object({ id: IdSchema, uuid: z.uuid(), previous: TicketPlacementSchema }),
  { description: 'A ticket was deleted.' },
);
export const TicketUnreadReset = defineEvent(
  'tickets.ticket.unread-reset',
  z.object({ id: IdSchema, userId: IdSchema.nullable() }),
  { description: "A ticket's messages were read (the spec's updateUnread)." },
);

export const TicketsTicketTopic = defineTopic({
  name: 'tickets.ticket.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'ticket',
  partitions: 12,
  key: 'ticketId',
  description: "Tickets, with the list-item snapshot the spec's clients render.",
  events: [TicketCreated, TicketUpdated, TicketDeleted, TicketUnreadReset],
});

/** The message a new one quotes, as the message view shows it (`quotedMsg` of `GET /messages/{ticketId}`). */
export const QuotedMessageSchema = z.object({
  id: z.string().min(1),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
});
export type QuotedMessage = z.infer<typeof QuotedMessageSchema>;

export const MessageCreated = defineEvent(
  'tickets.message.created',
  z.object({
    message: MessageSnapshotSchema,
    ticket: TicketSnapshotSchema,
    /** The message `message.quotedMsgId` names, for live clients to show the quote (null or absent: none). */
    quotedMsg: QuotedMessageSchema.nullable().optional(),
  }),
  { schemaVersion: 3, description: 'A message was stored in a ticket (inbound, agent reply or bot).' },
);
export const MessageUpdated = defineEvent(
  'tickets.message.updated',
  z.object({ message: MessageSnapshotSchema, ticket: TicketSnapshotSchema }),
  { schemaVersion: 2, description: 'A message changed: ack, edit, deletion, reaction.' },
);

export const MessagesErased = defineEvent('tickets.message.erased', z.object({ ticketId: IdSchema }), {
  description:
    "An LGPD erasure emptied the bodies and media of this ticket's messages: one event per ticket, whatever the count.",
});

export const TicketsMessageTopic = defineTopic({
  name: 'tickets.message.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'message',
  partitions: 12,
  key: 'ticketId',
  description: 'Messages of tickets (company-{id}-appMessage).',
  events: [MessageCreated, MessageUpdated, MessagesErased],
});

export const QueueCreated = defineEvent('tickets.queue.created', QueueSnapshotSchema, {
  schemaVersion: 2,
  description: 'A queue was created.',
});
export const QueueUpdated = defineEvent('tickets.queue.updated', QueueSnapshotSchema, {
  schemaVersion: 2,
  description: 'A queue changed.',
});
export const QueueDeleted = defineEvent('tickets.queue.deleted', z.object({ id: IdSchema }), {
  description: 'A queue was deleted.',
});

export const TicketsQueueTopic = defineTopic({
  name: 'tickets.queue.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'queue',
  key: 'queueId',
  description: 'Queues (departments), for projections and company-{id}-queue.',
  events: [QueueCreated, QueueUpdated, QueueDeleted],
});

export const TagCreated = defineEvent('tickets.tag.created', TagSnapshotSchema, { description: 'A tag was created.' });
export const TagUpdated = defineEvent('tickets.tag.updated', TagSnapshotSchema, {
  description: 'A tag changed (name, colour, kanban flag, tickets count).',
});
export const TagDeleted = defineEvent('tickets.tag.deleted', z.object({ id: IdSchema }), {
  description: 'A tag was deleted.',
});

export const TicketsTagTopic = defineTopic({
  name: 'tickets.tag.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'tag',
  key: 'tagId',
  description: 'Tags and kanban lanes (company-{id}-tag).',
  events: [TagCreated, TagUpdated, TagDeleted],
});

export const QuickMessageCreated = defineEvent('tickets.quick-message.created', QuickMessageSnapshotSchema, {
  schemaVersion: 2,
  description: 'A quick reply was created.',
});
export const QuickMessageUpdated = defineEvent('tickets.quick-message.updated', QuickMessageSnapshotSchema, {
  schemaVersion: 2,
  description: 'A quick reply changed (text, media, shared flag).',
});
export const QuickMessageDeleted = defineEvent(
  'tickets.quick-message.deleted',
  z.object({ id: IdSchema, userId: IdSchema.nullable() }),
  { description: 'A quick reply was deleted.' },
);

export const TicketsQuickMessageTopic = defineTopic({
  name: 'tickets.quick-message.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'quick-message',
  key: 'quickMessageId',
  description: 'Quick replies (company{id}-quickemessage).',
  events: [QuickMessageCreated, QuickMessageUpdated, QuickMessageDeleted],
});

export const ScheduleCreated = defineEvent('tickets.schedule.created', ScheduleSnapshotSchema, {
  schemaVersion: 3,
  description: 'A scheduled message was created.',
});
export const ScheduleUpdated = defineEvent('tickets.schedule.updated', ScheduleSnapshotSchema, {
  schemaVersion: 3,
  description: 'A scheduled message changed: edited, sent (ENVIADA) or failed (ERRO).',
});
export const ScheduleDeleted = defineEvent('tickets.schedule.deleted', z.object({ id: IdSchema }), {
  description: 'A scheduled message was deleted.',
});

export const TicketsScheduleTopic = defineTopic({
  name: 'tickets.schedule.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'schedule',
  key: 'scheduleId',
  description: 'Scheduled messages (company{id}-schedule).',
  events: [ScheduleCreated, ScheduleUpdated, ScheduleDeleted],
});

export const ChatCreated = defineEvent('tickets.chat.created', ChatSnapshotSchema, {
  description: 'An internal chat was created (its members are in the snapshot).',
});
export const ChatUpdated = defineEvent('tickets.chat.updated', ChatSnapshotSchema, {
  description: 'An internal chat changed: title, members, last message or a member read it.',
});
export const ChatDeleted = defineEvent(
  'tickets.chat.deleted',
  z.object({ id: IdSchema, uuid: z.uuid(), userIds: z.array(IdSchema) }),
  { description: 'An internal chat was deleted, or `userIds` were removed from it (they no longer see it).' },
);
export const ChatMessageCreated = defineEvent(
  'tickets.chat.message-created',
  z.object({ chat: ChatSnapshotSchema, message: ChatMessageSnapshotSchema }),
  { description: 'A message was sent in an internal chat (the chat carries the new unread counts).' },
);

export const TicketsChatTopic = defineTopic({
  name: 'tickets.chat.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'chat',
  key: 'chatId',
  description:
    'Internal chats (company-{id}-chat, company-{id}-chat-{chatId}, company-{id}-chat-user-{userId}), to members only.',
  events: [ChatCreated, ChatUpdated, ChatDeleted, ChatMessageCreated],
});

export const ticketsTopics = [
  TicketsTicketTopic,
  TicketsMessageTopic,
  TicketsQueueTopic,
  TicketsTagTopic,
  TicketsQuickMessageTopic,
  TicketsScheduleTopic,
  TicketsChatTopic,
] as const;
