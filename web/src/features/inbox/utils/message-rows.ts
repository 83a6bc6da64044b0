import { MESSAGE_EDIT_WINDOW_MS } from '@cs/proto/http';
import type { Message, MessagesPage } from '../../../api/types';
import { isSameDay } from '../../../lib/format';

export type MessageRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'ended'; key: string; date: string }
  | { kind: 'started'; key: string; date: string }
  | { kind: 'message'; key: string; message: Message };

/** Page 1 is the newest page; the conversation reads oldest first. */
export function orderMessages(pages: MessagesPage[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let p = pages.length - 1; p >= 0; p--) {
    for (const message of pages[p]?.messages ?? []) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  return out;
}

/**
 * The rows of the message view: a daily divider when the day changes, and 'conversation ended' / 'conversation
 * started' markers where the contact's history passes from one ticket to the next.
 */
export function buildMessageRows(messages: Message[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: Message | null = null;
  for (const message of messages) {
    if (previous && previous.ticketId !== message.ticketId) {
      rows.push({ kind: 'ended', key: `ended-${previous.id}`, date: previous.createdAt });
      rows.push({ kind: 'started', key: `started-${message.id}`, date: message.createdAt });
    }
    if (!previous || !isSameDay(previous.createdAt, message.createdAt)) {
      rows.push({ kind: 'day', key: `day-${message.id}`, date: message.createdAt });
    }
    rows.push({ kind: 'message', key: message.id, message });
    previous = message;
  }
  return rows;
}

/** A location body is pipe-separated: image, link, optional description. */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}

export type AckState = 'pending' | 'sent' | 'received' | 'read';

/** Delivery ticks: 1 sent, 2–3 received (grey double tick), 4–5 read or played (blue double tick). */
export function ackState(ack: number): AckState {
  if (ack <= 0) return 'pending';
  if (ack === 1) return 'sent';
  if (ack <= 3) return 'received';
  return 'read';
}

/**
 * Whether the agent may edit a message (the server's rule): one of ours, a text WhatsApp has accepted (ack ≥ 1),
 * not deleted, sent less than 15 minutes before `now`.
 */
export function canEditMessage(message: Message, now: number): boolean {
  return (
    message.fromMe &&
    !message.isDeleted &&
    message.mediaType === 'chat' &&
    message.ack > 0 &&
    now - Date.parse(message.createdAt) < MESSAGE_EDIT_WINDOW_MS
  );
}
