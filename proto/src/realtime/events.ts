import type { z } from 'zod';
import type { EventData } from '../common/envelope.js';
import type {
  AnnouncementCreated,
  CampaignSnapshot,
  ChatMessageSnapshot,
  ChatSnapshot,
  CompanySnapshot,
  ConnectionSnapshot,
  ContactListItemSnapshot,
  ContactListSnapshot,
  ContactSnapshot,
  ErasureRequest,
  FileListSnapshot,
  ImportProgressed,
  MessageSnapshot,
  PromptSnapshot,
  QueueIntegrationSnapshot,
  QueueSnapshot,
  QuickMessageSnapshot,
  QuotedMessage,
  ScheduleSnapshot,
  TagSnapshot,
  TicketServiceLevel,
  TicketSnapshot,
} from '../events/index.js';
import type { SessionUserSchema } from '../http/identity.js';
import type { ClientEvent } from './channels.js';

/*
 * The payloads of the socket events the gateway emits (its projections, gateway/src/realtime/projections) and the
 * browser listens to: spec §7. Types only, so the browser's bundle gets none of the event schemas.
 */

type Upserted<K extends string, T> = { action: 'create' | 'update' } & { [key in K]: T };
type Deleted<K extends string> = { action: 'delete' } & { [key in K]: number };

export type TicketSocketEvent =
  | { action: 'update'; ticket: TicketSnapshot }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };
export type AppMessageSocketEvent =
  | {
      action: 'create';
      /** With the message it quotes (null: none; absent from an older gateway). */
      message: MessageSnapshot & { quotedMsg?: QuotedMessage | null };
      ticket: TicketSnapshot;
      contact: TicketSnapshot['contact'];
    }
  | { action: 'update'; message: MessageSnapshot }
  /** An LGPD erasure emptied the ticket's messages: the open chat fetches them again. */
  | { action: 'erased'; ticketId: number };
export type ContactSocketEvent = Upserted<'contact', ContactSnapshot> | Deleted<'contactId'>;
export type WhatsappSocketEvent = { action: 'update'; whatsapp: ConnectionSnapshot } | Deleted<'whatsappId'>;
export type WhatsappSessionSocketEvent = { action: 'update'; session: ConnectionSnapshot };
/** The user as login returns it (queues, company), read from identity when the event arrives. */
export type SocketUser = z.infer<typeof SessionUserSchema>;
export type UserSocketEvent = Upserted<'user', SocketUser> | Deleted<'userId'>;
/** "Another login": sent to the user's other sessions. */
export type AuthSocketEvent = { action: 'update'; user: { id: number; email: string; companyId: number } };
export type QueueSocketEvent = Upserted<'queue', QueueSnapshot> | Deleted<'queueId'>;
export type SettingsSocketEvent = { action: 'update'; setting: { key: string; value: string } };
/** An open ticket's service-level standing changed (issue 55). */
export type ServiceLevelSocketEvent = { action: 'update'; serviceLevel: TicketServiceLevel };
export type TagSocketEvent = Upserted<'tag', TagSnapshot> | Deleted<'tagId'>;
export type QuickMessageSocketEvent = Upserted<'record', QuickMessageSnapshot> | Deleted<'id'>;
export type ScheduleSocketEvent = Upserted<'schedule', ScheduleSnapshot> | Deleted<'scheduleId'>;
export type ContactListSocketEvent = Upserted<'record', ContactListSnapshot> | Deleted<'id'>;
export type ContactListItemSocketEvent = Upserted<'record', ContactListItemSnapshot> | Deleted<'id'>;
export type ContactImportSocketEvent = { action: 'done' | 'progress' } & EventData<typeof ImportProgressed>;
export type PaymentSocketEvent = { action: 'CONCLUIDA'; company: CompanySnapshot };
export type AnnouncementSocketEvent = Upserted<'record', EventData<typeof AnnouncementCreated>> | Deleted<'id'>;
type ChatDeleted = { action: 'delete'; id: number; uuid: string };
/** A new chat message carries its chat (with the members) inside too, as the established clients read it. */
export type ChatSocketMessage = ChatMessageSnapshot & { chat: ChatSnapshot };
type ChatNewMessage = { action: 'new-message'; newMessage: ChatSocketMessage; chat: ChatSnapshot };
/** `company-{id}-chat`: the chat list. */
export type ChatListSocketEvent = Upserted<'record', ChatSnapshot> | ChatDeleted | ChatNewMessage;
/** `company-{id}-chat-{chatId}`: one open chat. */
export type ChatSocketEvent = Upserted<'chat', ChatSnapshot> | ChatNewMessage;
/** `company-{id}-chat-user-{userId}`: one member's chats (the top bar's unread count). */
export type ChatUserSocketEvent =
  | Upserted<'record', ChatSnapshot>
  | ChatDeleted
  | { action: 'new-message'; newMessage: ChatSocketMessage; record: ChatSnapshot };
export type CampaignSocketEvent = Upserted<'record', CampaignSnapshot> | Deleted<'id'>;
export type FileListSocketEvent = Upserted<'fileList', FileListSnapshot> | Deleted<'fileListId'>;
export type PromptSocketEvent = Upserted<'prompt', PromptSnapshot> | Deleted<'promptId'>;
export type QueueIntegrationSocketEvent =
  Upserted<'queueIntegration', QueueIntegrationSnapshot> | Deleted<'integrationId'>;
/** An LGPD erasure request was recorded or a service confirmed it: the request as the list answers it. */
export type ErasureRequestSocketEvent = { action: 'update'; request: ErasureRequest };

/**
 * Every event the gateway emits to browsers, by name (the names `channel` builds), with its payload: socket.io's
 * `ServerToClientEvents` generic on both ends (`Server<ClientToServerEvents, ServerToClientEvents>` in the gateway,
 * `Socket<ServerToClientEvents, ClientToServerEvents>` in the browser).
 */
// a type alias, not an interface: socket.io's EventsMap needs an implicit index signature
export type ServerToClientEvents = {
  [event: `company-${number}-ticket`]: (payload: TicketSocketEvent) => void;
  [event: `company-${number}-appMessage`]: (payload: AppMessageSocketEvent) => void;
  [event: `company-${number}-contact`]: (payload: ContactSocketEvent) => void;
  [event: `company-${number}-whatsapp`]: (payload: WhatsappSocketEvent) => void;
  [event: `company-${number}-whatsappSession`]: (payload: WhatsappSessionSocketEvent) => void;
  [event: `company-${number}-user`]: (payload: UserSocketEvent) => void;
  [event: `company-${number}-auth`]: (payload: AuthSocketEvent) => void;
  [event: `company-${number}-queue`]: (payload: QueueSocketEvent) => void;
  [event: `company-${number}-settings`]: (payload: SettingsSocketEvent) => void;
  [event: `company-${number}-tag`]: (payload: TagSocketEvent) => void;
  [event: `company-${number}-serviceLevel`]: (payload: ServiceLevelSocketEvent) => void;
  [event: `company${number}-quickemessage`]: (payload: QuickMessageSocketEvent) => void;
  [event: `company${number}-schedule`]: (payload: ScheduleSocketEvent) => void;
  [event: `company-${number}-ContactList`]: (payload: ContactListSocketEvent) => void;
  [event: `company-${number}-ContactListItem`]: (payload: ContactListItemSocketEvent) => void;
  [event: `company-${number}-ContactListItem-${number}`]: (payload: ContactListItemSocketEvent) => void;
  [event: `company-${number}-contactImport`]: (payload: ContactImportSocketEvent) => void;
  [event: `company-${number}-payment`]: (payload: PaymentSocketEvent) => void;
  [event: `company-${number}-chat`]: (payload: ChatListSocketEvent) => void;
  [event: `company-${number}-chat-${number}`]: (payload: ChatSocketEvent) => void;
  [event: `company-${number}-chat-user-${number}`]: (payload: ChatUserSocketEvent) => void;
  [event: `company-${number}-campaign`]: (payload: CampaignSocketEvent) => void;
  [event: `company-${number}-file`]: (payload: FileListSocketEvent) => void;
  [event: `company-${number}-queueIntegration`]: (payload: QueueIntegrationSocketEvent) => void;
  [event: `company-${number}-erasureRequest`]: (payload: ErasureRequestSocketEvent) => void;
  'company-announcement': (payload: AnnouncementSocketEvent) => void;
  prompt: (payload: PromptSocketEvent) => void;
  /** Sent once the socket's rooms are joined. */
  ready: () => void;
  /**
   * The gateway may have missed events meant for this socket (its event stream had a gap it could not resume
   * from): the client fetches again what it shows, exactly as after a reconnect.
   */
  resync: () => void;
};

export type ServerEventName = Extract<keyof ServerToClientEvents, string>;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Acknowledgement of a room request: whether it was applied (a refused `joinChatBox`, an unknown status). */
type Ack = (applied: boolean) => void;

/** What a browser emits to the gateway (`CLIENT_EVENTS`). */
export type ClientToServerEvents = {
  joinChatBox: (ticketId: number | string, ack?: Ack) => void;
  leaveChatBox: (ticketId: number | string, ack?: Ack) => void;
  joinNotification: (ack?: Ack) => void;
  leaveNotification: (ack?: Ack) => void;
  joinTickets: (status: string, ack?: Ack) => void;
  leaveTickets: (status: string, ack?: Ack) => void;
  userStatus: () => void;
};

// every client event of the list has its signature, and no more
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CLIENT_EVENTS_TYPED: Same<keyof ClientToServerEvents, ClientEvent> = true;
