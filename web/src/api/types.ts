/**
 * The wire shapes the client reads, as the spec (core-operations §3, §7) and the event snapshots in
 * `@cs/proto/events` define them. Optional fields are ones some servers omit.
 */
import type { TicketSnapshot, TicketStatus } from '@cs/proto/events';
import type {
  Announcement as ProtoAnnouncement,
  Chat,
  CompanyResponse,
  ConnectionView,
  LoginResponse,
  Plan as ProtoPlan,
  PlanFlags as ProtoPlanFlags,
  SessionUser as ProtoSessionUser,
  Setting,
  UserResponse,
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

/** The plan's feature flags as the client reads them (absent: off). */
export type PlanFlags = Partial<ProtoPlanFlags>;

/** A plan (`PlanSchema`); the established server sends `value` as a decimal string. */
export type Plan = Pick<ProtoPlan, 'id' | 'name' | 'users' | 'connections' | 'queues'> & {
  value: ProtoPlan['value'] | string;
  /** Offered at the public signup (absent from the established server: every plan is). */
  public?: ProtoPlan['public'];
} & PlanFlags;

export type QueueRef = Pick<QueueView, 'id' | 'name' | 'color'>;

/**
 * The signed-in user of `/auth/login`, `/auth/refresh_token` and `/auth/me`: the fields the client reads. `profile`
 * and `allTicket` stay strings: the client also reads the established server's spellings ('Admin', 'enabled').
 */
export type SessionUser = Pick<ProtoSessionUser, 'id' | 'name' | 'email' | 'companyId'> &
  Partial<Pick<ProtoSessionUser, 'super' | 'whatsappId'>> & {
    profile: string;
    allTicket?: string;
    queues: QueueRef[];
    company?: Pick<CompanyResponse, 'id' | 'name'> &
      Partial<Pick<CompanyResponse, 'dueDate' | 'settings' | 'timezone'>> & {
        plan?: (PlanFlags & Partial<Pick<ProtoPlan, 'name'>>) | null;
      };
  };

export type AuthResponse = Pick<LoginResponse, 'token'> & { user: SessionUser };

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

export type UserSummary = Pick<UserResponse, 'id' | 'name'> &
  Partial<Pick<UserResponse, 'email' | 'profile'>> & { queues?: QueueRef[] };

/** A connection of `GET /whatsapp` (`ConnectionView`): the fields the workspace reads. */
export type Connection = Pick<ConnectionView, 'id' | 'name' | 'status' | 'isDefault'> &
  Partial<Pick<ConnectionView, 'queues' | 'complationMessage'>>;

export type { Setting };

export interface RecordsPage<T> {
  records: T[];
  count?: number;
  hasMore: boolean;
}

export type Announcement = Pick<ProtoAnnouncement, 'id' | 'title' | 'text'> &
  Partial<Pick<ProtoAnnouncement, 'priority' | 'createdAt'>>;

/** An internal chat (`GET /chats`). */
export type InternalChat = Chat;

export interface ApiErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}
