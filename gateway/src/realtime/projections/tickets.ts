import type { EventOf } from '@cs/proto/common';
import type {
  ChatCreated,
  ChatDeleted,
  ChatMessageCreated,
  ChatUpdated,
  MessageCreated,
  MessagesErased,
  MessageUpdated,
  QueueCreated,
  QueueDeleted,
  QueueUpdated,
  QuickMessageCreated,
  QuickMessageDeleted,
  QuickMessageUpdated,
  ScheduleCreated,
  ScheduleDeleted,
  ScheduleUpdated,
  TagCreated,
  TagDeleted,
  TagUpdated,
  TicketCreated,
  TicketDeleted,
  TicketUnreadReset,
  TicketUpdated,
} from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

interface Placement {
  readonly id: number;
  readonly status: string;
  readonly queueId: number | null;
  readonly userId: number | null;
}

/**
 * The rooms that list a ticket where it is (whaticket-backend.md §2.17): admins' status list and notifications,
 * the queue's status list and notifications (`queue-null-*` for queue-less tickets), the open chat, and the
 * assigned user's own sockets.
 */
export function ticketRooms(companyId: number, ticket: Placement): string[] {
  return [
    room.companyStatus(companyId, ticket.status),
    room.companyNotification(companyId),
    room.queueStatus(ticket.queueId, ticket.status),
    room.queueNotification(ticket.queueId),
    room.ticket(ticket.id),
    ...(ticket.userId !== null ? [room.user(ticket.userId)] : []),
  ];
}

const without = (rooms: readonly string[], kept: readonly string[]): string[] => rooms.filter((r) => !kept.includes(r));

export function projectTicket(
  event:
    | EventOf<typeof TicketCreated>
    | EventOf<typeof TicketUpdated>
    | EventOf<typeof TicketDeleted>
    | EventOf<typeof TicketUnreadReset>,
): Emission[] {
  const companyId = event.companyId;
  const name = channel.ticket(companyId);
  switch (event.type) {
    case 'tickets.ticket.created':
    case 'tickets.ticket.updated': {
      const { ticket, previous } = event.data;
      const now = ticketRooms(companyId, ticket);
      const emissions: Emission[] = [];
      if (previous) {
        const left = without(ticketRooms(companyId, { id: ticket.id, ...previous }), now);
        if (left.length > 0)
          emissions.push({ event: name, payload: { action: 'delete', ticketId: ticket.id }, rooms: left });
      }
      emissions.push({ event: name, payload: { action: 'update', ticket }, rooms: now });
      return emissions;
    }
    case 'tickets.ticket.deleted':
      return [
        {
          event: name,
          payload: { action: 'delete', ticketId: event.data.id },
          rooms: [
            ...ticketRooms(companyId, { id: event.data.id, ...event.data.previous }),
            room.mainChannel(companyId),
          ],
        },
      ];
    case 'tickets.ticket.unread-reset':
      return [
        {
          event: name,
          payload: { action: 'updateUnread', ticketId: event.data.id },
          rooms: [room.mainChannel(companyId)],
        },
      ];
  }
}

/** An erasure reaches the sockets with the ticket's chat open only: no text in it, they fetch the messages again. */
export function projectMessage(
  event: EventOf<typeof MessageCreated> | EventOf<typeof MessageUpdated> | EventOf<typeof MessagesErased>,
): Emission[] {
  const companyId = event.companyId;
  const name = channel.appMessage(companyId);
  if (event.type === 'tickets.message.erased') {
    const { ticketId } = event.data;
    return [{ event: name, payload: { action: 'erased', ticketId }, rooms: [room.ticket(ticketId)] }];
  }
  const { message, ticket } = event.data;
  if (event.type === 'tickets.message.created') {
    // the message as upstream's clients get it: with the message it quotes (null when none)
    const quotedMsg = event.data.quotedMsg ?? null;
    return [
      {
        event: name,
        payload: { action: 'create', message: { ...message, quotedMsg }, ticket, contact: ticket.contact },
        rooms: ticketRooms(companyId, ticket),
      },
    ];
  }
  return [{ event: name, payload: { action: 'update', message }, rooms: [room.ticket(ticket.id)] }];
}

export function projectQueue(
  event: EventOf<typeof QueueCreated> | EventOf<typeof QueueUpdated> | EventOf<typeof QueueDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.queue(companyId);
  switch (event.type) {
    case 'tickets.queue.created':
      return [{ event: name, payload: { action: 'create', queue: event.data }, rooms }];
    case 'tickets.queue.updated':
      return [{ event: name, payload: { action: 'update', queue: event.data }, rooms }];
    case 'tickets.queue.deleted':
      return [{ event: name, payload: { action: 'delete', queueId: event.data.id }, rooms }];
  }
}

export function projectTag(
  event: EventOf<typeof TagCreated> | EventOf<typeof TagUpdated> | EventOf<typeof TagDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.tag(companyId);
  switch (event.type) {
    case 'tickets.tag.created':
      return [{ event: name, payload: { action: 'create', tag: event.data }, rooms }];
    case 'tickets.tag.updated':
      return [{ event: name, payload: { action: 'update', tag: event.data }, rooms }];
    case 'tickets.tag.deleted':
      return [{ event: name, payload: { action: 'delete', tagId: event.data.id }, rooms }];
  }
}

/** A personal quick reply (not `geral`) reaches only its owner's sockets; shared ones the whole company. */
export function projectQuickMessage(
  event:
    EventOf<typeof QuickMessageCreated> | EventOf<typeof QuickMessageUpdated> | EventOf<typeof QuickMessageDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const name = channel.quickMessage(companyId);
  switch (event.type) {
    case 'tickets.quick-message.created':
    case 'tickets.quick-message.updated': {
      const record = event.data;
      const rooms = record.geral || record.userId === null ? [room.mainChannel(companyId)] : [room.user(record.userId)];
      const action: 'create' | 'update' = event.type === 'tickets.quick-message.created' ? 'create' : 'update';
      return [{ event: name, payload: { action, record }, rooms }];
    }
    case 'tickets.quick-message.deleted':
      return [{ event: name, payload: { action: 'delete', id: event.data.id }, rooms: [room.mainChannel(companyId)] }];
  }
}

export function projectSchedule(
  event: EventOf<typeof ScheduleCreated> | EventOf<typeof ScheduleUpdated> | EventOf<typeof ScheduleDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.schedule(companyId);
  switch (event.type) {
    case 'tickets.schedule.created':
      return [{ event: name, payload: { action: 'create', schedule: event.data }, rooms }];
    case 'tickets.schedule.updated':
      return [{ event: name, payload: { action: 'update', schedule: event.data }, rooms }];
    case 'tickets.schedule.deleted':
      return [{ event: name, payload: { action: 'delete', scheduleId: event.data.id }, rooms }];
  }
}

/**
 * Internal chats reach their members only (each member's `user-{id}` room), never the whole company: the
 * chat list (`company-{id}-chat`), the open chat (`company-{id}-chat-{chatId}`) and each member's own channel
 * (`company-{id}-chat-user-{userId}`, where the top-bar popover counts unread chats).
 */
export function projectChat(
  event:
    | EventOf<typeof ChatCreated>
    | EventOf<typeof ChatUpdated>
    | EventOf<typeof ChatDeleted>
    | EventOf<typeof ChatMessageCreated>,
): Emission[] {
  const companyId = event.companyId;
  switch (event.type) {
    case 'tickets.chat.created':
    case 'tickets.chat.updated': {
      const record = event.data;
      const action: 'create' | 'update' = event.type === 'tickets.chat.created' ? 'create' : 'update';
      const rooms = record.users.map((member) => room.user(member.userId));
      return [
        { event: channel.chat(companyId), payload: { action, record }, rooms },
        { event: channel.chatOf(companyId, record.id), payload: { action, chat: record }, rooms },
        ...record.users.map((member) => ({
          event: channel.chatUser(companyId, member.userId),
          payload: { action, record },
          rooms: [room.user(member.userId)],
        })),
      ];
    }
    case 'tickets.chat.deleted': {
      const { id, uuid, userIds } = event.data;
      const rooms = userIds.map((userId) => room.user(userId));
      return [
        { event: channel.chat(companyId), payload: { action: 'delete', id, uuid }, rooms },
        ...userIds.map((userId) => ({
          event: channel.chatUser(companyId, userId),
          payload: { action: 'delete' as const, id, uuid },
          rooms: [room.user(userId)],
        })),
      ];
    }
    case 'tickets.chat.message-created': {
      const { chat } = event.data;
      // the message names its chat and members (`newMessage.chat.users`: who hears the unread sound)
      const message = { ...event.data.message, chat };
      const rooms = chat.users.map((member) => room.user(member.userId));
      const payload = { action: 'new-message' as const, newMessage: message, chat };
      return [
        { event: channel.chatOf(companyId, chat.id), payload, rooms },
        { event: channel.chat(companyId), payload, rooms },
        ...chat.users.map((member) => ({
          event: channel.chatUser(companyId, member.userId),
          payload: { action: 'new-message' as const, newMessage: message, record: chat },
          rooms: [room.user(member.userId)],
        })),
      ];
    }
  }
}
