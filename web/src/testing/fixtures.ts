import type { Message, SessionUser, Ticket } from '../api/types';
import type { MessageSnapshot } from '@cs/proto/events';

export const agent: SessionUser = {
  id: 3,
  name: 'Agente Demo',
  email: 'agente@demo.local',
  profile: 'user',
  companyId: 2,
  super: false,
  allTicket: 'disabled',
  queues: [
    { id: 1, name: 'Vendas', color: '#2196f3' },
    { id: 2, name: 'Suporte', color: '#4caf50' },
  ],
  company: { id: 2, name: 'Empresa Demo' },
};

export const admin: SessionUser = { ...agent, id: 2, name: 'Admin Demo', email: 'admin@demo.local', profile: 'admin' };

/** A JWT whose payload has the given expiry (seconds); the signature is irrelevant to the client. */
export function fakeJwt(exp: number): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 3, companyId: 2, profile: 'user', exp })}.sig`;
}

let seq = 100;
export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  const id = overrides.id ?? seq++;
  const now = new Date().toISOString();
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    companyId: 2,
    status: 'pending',
    userId: null,
    queueId: 1,
    whatsappId: 1,
    contactId: 50 + id,
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: 'Olá, preciso de ajuda',
    unreadMessages: 1,
    createdAt: now,
    updatedAt: now,
    contact: { id: 50 + id, name: `Cliente ${id}`, number: '5511987654321', email: '', profilePicUrl: null },
    queue: { id: 1, name: 'Vendas', color: '#2196f3' },
    user: null,
    whatsapp: { id: 1, name: 'WhatsApp Demo' },
    tags: [],
    ...overrides,
  };
}

/** A message as the socket sends it (`company-{id}-appMessage`): the snapshot of `@cs/proto/events`. */
export function wireMessage(overrides: Partial<MessageSnapshot> = {}): MessageSnapshot {
  const { quotedMsg: _quoted, contact: _contact, ...base } = message();
  const at = new Date().toISOString();
  return { ...base, companyId: 1, isBot: false, isEdited: false, updatedAt: at, ...overrides };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: `msg-${seq++}`,
    ticketId: 1,
    contactId: 51,
    body: 'Oi',
    fromMe: false,
    ack: 0,
    read: true,
    mediaType: 'chat',
    mediaUrl: null,
    isDeleted: false,
    quotedMsgId: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
