/**
 * The wire shapes the client reads, as the spec (core-operations §3, §7) and the event snapshots in
 * `@cs/proto/events` define them. Optional fields are ones some servers omit.
 */
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import type {
  Chat,
  ContactResponse,
  MessagePage,
  MessageView,
  QueueView,
  QuickMessageView,
  Tag as TagView,
  TicketNoteView,
  TicketPage,
} from '@cs/proto/http';

export type { TicketStatus };

export type Profile = 'admin' | 'user';

export interface PlanFlags {
  useCampaigns?: boolean;
  useKanban?: boolean;
  useOpenAi?: boolean;
  useIntegrations?: boolean;
  useSchedules?: boolean;
  useInternalChat?: boolean;
  useExternalApi?: boolean;
}

export interface Plan extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number | string;
}

export type QueueRef = Pick<QueueView, 'id' | 'name' | 'color'>;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: string;
  companyId: number;
  super?: boolean;
  allTicket?: string;
  whatsappId?: number | null;
  queues: QueueRef[];
  company?: {
    id: number;
    name: string;
    dueDate?: string | null;
    plan?: (PlanFlags & { name?: string }) | null;
    settings?: Array<{ key: string; value: string }>;
    /** IANA zone the server reads company wall-clock times in (campaign schedules); identity's login payload. */
    timezone?: string;
  };
}

export interface AuthResponse {
  token: string;
  user: SessionUser;
}

export type Ticket = TicketSnapshot;
/** `GET /tickets` (the socket's updates keep the pages without recounting them). */
export type TicketsPage = Omit<TicketPage, 'count'> & Partial<Pick<TicketPage, 'count'>>;

type QuotedView = NonNullable<MessageView['quotedMsg']>;
/** The message a reply quotes, as the message view carries it (an older server also sent its media and author). */
export type QuotedMessage = QuotedView &
  Partial<Pick<MessageView, 'mediaUrl'>> & { contact?: Pick<NonNullable<MessageView['contact']>, 'name'> | null };

/**
 * A message as the lists hold it: the message view of `GET /messages/{ticketId}`, or a snapshot pushed by the
 * socket (without the view's quote, contact and some flags; with its ticket).
 */
export type Message = Omit<MessageView, 'companyId' | 'isBot' | 'isEdited' | 'updatedAt' | 'quotedMsg' | 'contact'> &
  Partial<Pick<MessageView, 'isBot' | 'isEdited' | 'updatedAt' | 'contact'>> & {
    quotedMsg?: QuotedMessage | null;
    ticket?: Pick<Ticket, 'id' | 'status' | 'createdAt'> & Partial<Pick<Ticket, 'updatedAt'>>;
  };

/** `GET /messages/{ticketId}` as the message list keeps its pages. */
export type MessagesPage = Pick<MessagePage, 'hasMore'> &
  Partial<Pick<MessagePage, 'ticket' | 'count'>> & { messages: Message[] };

/** A contact: the fields of `ContactResponse` the client reads and edits. */
export type Contact = Pick<ContactResponse, 'id' | 'name' | 'number' | 'email'> &
  Partial<Pick<ContactResponse, 'profilePicUrl' | 'extraInfo'>>;

type NoteAuthor = NonNullable<TicketNoteView['user']>;
export type TicketNote = Pick<TicketNoteView, 'id' | 'note' | 'ticketId' | 'contactId' | 'createdAt'> & {
  user?: (Pick<NoteAuthor, 'name'> & Partial<Pick<NoteAuthor, 'id'>>) | null;
};

export type QuickMessage = Pick<QuickMessageView, 'id' | 'shortcode' | 'message'> &
  Partial<Pick<QuickMessageView, 'mediaPath' | 'mediaName'>>;

export type Tag = Pick<TagView, 'id' | 'name' | 'color'>;

export interface UserSummary {
  id: number;
  name: string;
  email?: string;
  profile?: string;
  queues?: QueueRef[];
}

export interface Connection {
  id: number;
  name: string;
  status: string;
  isDefault: boolean;
  queues?: QueueRef[];
}

export interface Setting {
  key: string;
  value: string;
}

export interface RecordsPage<T> {
  records: T[];
  count?: number;
  hasMore: boolean;
}

export interface Announcement {
  id: number;
  title: string;
  text: string;
  priority?: number;
  createdAt?: string;
}

/** An internal chat (`GET /chats`). */
export type InternalChat = Chat;

export interface ApiErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}
