/**
 * The socket.io event names (channels) and rooms the spec's clients use. Where upstream emitted one name and
 * its client listened to another, the name the client listens to is the one here (whaticket-backend.md §2.17).
 */
export const channel = {
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  user: (companyId: number) => `company-${companyId}-user`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  settings: (companyId: number) => `company-${companyId}-settings`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  quickMessage: (companyId: number) => `company${companyId}-quickemessage`,
  schedule: (companyId: number) => `company${companyId}-schedule`,
  contactList: (companyId: number) => `company-${companyId}-ContactList`,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem`,
  contactListItemOfList: (companyId: number, listId: number) => `company-${companyId}-ContactListItem-${listId}`,
  contactImport: (companyId: number) => `company-${companyId}-contactImport`,
  payment: (companyId: number) => `company-${companyId}-payment`,
  announcement: () => 'company-announcement',
  chat: (companyId: number) => `company-${companyId}-chat`,
  chatOf: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  campaign: (companyId: number) => `company-${companyId}-campaign`,
  file: (companyId: number) => `company-${companyId}-file`,
  /** AI prompts: upstream's unprefixed name, sent to the company's sockets only. */
  prompt: () => 'prompt',
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration`,
} as const;

export const room = {
  /** Every socket of a company. */
  mainChannel: (companyId: number) => `company-${companyId}-mainchannel`,
  /** Every socket of one user (all their tabs). */
  user: (userId: number) => `user-${userId}`,
  /** Admins watching a status list (`joinTickets(status)`). */
  companyStatus: (companyId: number, status: string) => `company-${companyId}-${status}`,
  /** Non-admins watching a status list of one of their queues (`queueId` null: queue-less tickets). */
  queueStatus: (queueId: number | null, status: string) => `queue-${queueId ?? 'null'}-${status}`,
  companyNotification: (companyId: number) => `company-${companyId}-notification`,
  queueNotification: (queueId: number | null) => `queue-${queueId ?? 'null'}-notification`,
  /** Sockets with one ticket's chat open (`joinChatBox(ticketId)`). */
  ticket: (ticketId: number) => `${ticketId}`,
  /** Every socket of every company (announcements). */
  everyone: () => 'platform-everyone',
} as const;

/** Events a client emits to the server. */
export const CLIENT_EVENTS = [
  'joinChatBox',
  'leaveChatBox',
  'joinNotification',
  'leaveNotification',
  'joinTickets',
  'leaveTickets',
  'userStatus',
] as const;
export type ClientEvent = (typeof CLIENT_EVENTS)[number];

/** The socket handshake's ping settings of the spec (ms). */
export const SOCKET_PING_INTERVAL_MS = 18_000;
export const SOCKET_PING_TIMEOUT_MS = 18_000;
