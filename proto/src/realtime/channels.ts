/**
 * The socket.io event names (channels) and rooms the spec's clients use. Where upstream emitted one name and
 * its client listened to another, the name the client listens to is the one here (whaticket-backend.md §2.17).
 */
export const channel = {
  ticket: (companyId: number) => `company-${companyId}-ticket` as const,
  appMessage: (companyId: number) => `company-${companyId}-appMessage` as const,
  contact: (companyId: number) => `company-${companyId}-contact` as const,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp` as const,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession` as const,
  user: (companyId: number) => `company-${companyId}-user` as const,
  auth: (companyId: number) => `company-${companyId}-auth` as const,
  queue: (companyId: number) => `company-${companyId}-queue` as const,
  settings: (companyId: number) => `company-${companyId}-settings` as const,
  tag: (companyId: number) => `company-${companyId}-tag` as const,
  /** Service-level standing of open tickets (issue 55). */
  serviceLevel: (companyId: number) => `company-${companyId}-serviceLevel` as const,
  quickMessage: (companyId: number) => `company${companyId}-quickemessage` as const,
  schedule: (companyId: number) => `company${companyId}-schedule` as const,
  contactList: (companyId: number) => `company-${companyId}-ContactList` as const,
  contactListItem: (companyId: number) => `company-${companyId}-ContactListItem` as const,
  contactListItemOfList: (companyId: number, listId: number) =>
    `company-${companyId}-ContactListItem-${listId}` as const,
  contactImport: (companyId: number) => `company-${companyId}-contactImport` as const,
  payment: (companyId: number) => `company-${companyId}-payment` as const,
  announcement: () => 'company-announcement' as const,
  chat: (companyId: number) => `company-${companyId}-chat` as const,
  chatOf: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}` as const,
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}` as const,
  campaign: (companyId: number) => `company-${companyId}-campaign` as const,
  file: (companyId: number) => `company-${companyId}-file` as const,
  /** AI prompts: upstream's unprefixed name, sent to the company's sockets only. */
  prompt: () => 'prompt' as const,
  queueIntegration: (companyId: number) => `company-${companyId}-queueIntegration` as const,
  /** LGPD erasure requests as each service confirms (the company's admins only). */
  erasureRequest: (companyId: number) => `company-${companyId}-erasureRequest` as const,
} as const;

export const room = {
  /** Every socket of a company. */
  mainChannel: (companyId: number) => `company-${companyId}-mainchannel`,
  /** Every socket of the company's admins (and of a super user signed in to it), whatever they watch. */
  companyAdmins: (companyId: number) => `company-${companyId}-admins`,
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
