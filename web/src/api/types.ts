/**
 * The wire shapes the client reads, as the spec (core-operations §3, §7) and the event snapshots in
 * `@cs/proto/events` define them. Optional fields are ones some servers omit.
 */
import type { MessageSnapshot, TicketSnapshot, TicketStatus } from '@cs/proto/events';

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

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

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

export interface QuotedMessage {
  id: string;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl?: string | null;
  contact?: { name: string } | null;
}

export type Message = Omit<MessageSnapshot, 'companyId' | 'isBot' | 'isEdited' | 'updatedAt'> &
  Partial<Pick<MessageSnapshot, 'isBot' | 'isEdited' | 'updatedAt'>> & {
    quotedMsg?: QuotedMessage | null;
    contact?: { id: number; name: string } | null;
    ticket?: Pick<Ticket, 'id' | 'status' | 'createdAt'> & { updatedAt?: string };
  };

export interface TicketsPage {
  tickets: Ticket[];
  count?: number;
  hasMore: boolean;
}

export interface MessagesPage {
  messages: Message[];
  ticket?: Ticket;
  count?: number;
  hasMore: boolean;
}

export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl?: string | null;
  extraInfo?: Array<{ id?: number; name: string; value: string }>;
}

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user?: { id?: number; name: string } | null;
  createdAt: string;
}

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  mediaPath?: string | null;
  mediaName?: string | null;
}

export interface Tag {
  id: number;
  name: string;
  color: string;
}

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

export interface InternalChat {
  id: number;
  uuid?: string;
  title: string;
  lastMessage?: string;
  updatedAt?: string;
  users?: Array<{ userId: number; unreads?: number }>;
}

export interface ApiErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}
