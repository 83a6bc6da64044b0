import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import {
  MessageSnapshotSchema,
  QueueSnapshotSchema,
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
  owner: 'tickets',
  aggregate: 'ticket',
  key: 'ticketId',
  description: "Tickets, with the list-item snapshot the spec's clients render.",
  events: [TicketCreated, TicketUpdated, TicketDeleted, TicketUnreadReset],
});

export const MessageCreated = defineEvent(
  'tickets.message.created',
  z.object({ message: MessageSnapshotSchema, ticket: TicketSnapshotSchema }),
  { description: 'A message was stored in a ticket (inbound, agent reply or bot).' },
);
export const MessageUpdated = defineEvent(
  'tickets.message.updated',
  z.object({ message: MessageSnapshotSchema, ticket: TicketSnapshotSchema }),
  { description: 'A message changed: ack, edit, deletion, reaction.' },
);

export const TicketsMessageTopic = defineTopic({
  name: 'tickets.message.v1',
  owner: 'tickets',
  aggregate: 'message',
  key: 'ticketId',
  description: 'Messages of tickets (company-{id}-appMessage).',
  events: [MessageCreated, MessageUpdated],
});

export const QueueCreated = defineEvent('tickets.queue.created', QueueSnapshotSchema, {
  description: 'A queue was created.',
});
export const QueueUpdated = defineEvent('tickets.queue.updated', QueueSnapshotSchema, {
  description: 'A queue changed.',
});
export const QueueDeleted = defineEvent('tickets.queue.deleted', z.object({ id: IdSchema }), {
  description: 'A queue was deleted.',
});

export const TicketsQueueTopic = defineTopic({
  name: 'tickets.queue.v1',
  owner: 'tickets',
  aggregate: 'queue',
  key: 'queueId',
  description: 'Queues (departments), for projections and company-{id}-queue.',
  events: [QueueCreated, QueueUpdated, QueueDeleted],
});

export const ticketsTopics = [TicketsTicketTopic, TicketsMessageTopic, TicketsQueueTopic] as const;
