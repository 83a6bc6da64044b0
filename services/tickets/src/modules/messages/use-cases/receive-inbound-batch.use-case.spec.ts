import type { ContactSnapshot, InboundMessage, TicketSnapshot } from '@cs/proto/events';
import { MessageCreated, TicketUpdated } from '@cs/proto/events';
import {
  COMPANY,
  inlineTransactions,
  messageRow,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import { chatOf, contactSnapshot, receivedText, resolvedInbound } from '../../../../test/factories/inbound.js';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import { type TicketRow, type TicketsRepository, ticketKey } from '../../tickets/tickets.repository.js';
import type { MessageRow, MessagesRepository } from '../messages.repository.js';
import { ReceiveInboundBatchUseCase, type ResolvedEvent } from './receive-inbound-batch.use-case.js';
import type { ReceiveInboundUseCase, Resolved } from './receive-inbound.use-case.js';

const MARIA = 5;
const JOAO = 6;

const contact = (id: number, name: string): ContactSnapshot => contactSnapshot(COMPANY, id, name, `55119999900${id}`);

let sequence = 0;

/** A resolved event of `who` on connection 1: a received text by default, or `source` as given. */
function event(who: ContactSnapshot, message: Partial<InboundMessage> | Resolved['source'] = {}): ResolvedEvent {
  sequence += 1;
  const source: Resolved['source'] =
    'type' in message
      ? message
      : {
          type: 'whatsapp.message.received',
          data: receivedText(who, 1, {
            messageId: `WA${sequence}`,
            timestamp: new Date(sequence * 1_000).toISOString(),
            body: `mensagem ${sequence}`,
            ...message,
          }),
        };
  return {
    id: `0193a7c2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    companyId: COMPANY,
    correlationId: `c-${sequence}`,
    data: resolvedInbound(who, source),
  };
}

/**
 * Maria's and João's tickets on connection 1 in memory (an agent's open ones unless given), behind the batch's ports;
 * messages already stored are skipped by the insert as the table's key does. What the one-at-a-time path was handed
 * and every statement-level call are recorded.
 */
function partition(tickets: Partial<Record<number, Partial<TicketRow>>> = {}) {
  const rows = new Map<string, TicketRow>(
    [MARIA, JOAO].map((contactId, i) => {
      const ticket = ticketRow({
        id: 10 + i,
        contactId,
        status: 'open',
        userId: 3,
        queueId: 1,
        unreadMessages: 0,
        ...tickets[contactId],
      });
      return [ticketKey(COMPANY, contactId, 1), ticket];
    }),
  );
  const stored = new Set<string>();
  const state = {
    alone: [] as string[],
    inserts: [] as string[][],
    recorded: [] as Array<Array<{ id: number; lastMessage: string; unreadMessages: number }>>,
    /** Inserts and lone events, in the order they happened. */
    log: [] as string[],
  };
  const { events, publisher } = recordingPublisher();
  const tickets$: Partial<TicketsRepository> = {
    lockForInbound: async () => new Map(rows),
    recordMessages: async (updates) => {
      state.recorded.push(updates.map(({ id, lastMessage, unreadMessages }) => ({ id, lastMessage, unreadMessages })));
      const result = new Map<string, { ticket: TicketRow; snapshot: TicketSnapshot }>();
      for (const update of updates) {
        const [key, ticket] = [...rows].find(([, row]) => row.id === update.id) ?? [];
        if (!key || !ticket) continue;
        const after = { ...ticket, ...update };
        rows.set(key, after);
        result.set(`${update.companyId}:${update.id}`, {
          ticket: after,
          snapshot: { id: after.id, lastMessage: after.lastMessage } as TicketSnapshot,
        });
      }
      return result;
    },
  };
  const messages: Partial<MessagesRepository> = {
    insertMany: async (batch) => {
      state.inserts.push(batch.map((message) => message.id));
      state.log.push(`insert ${batch.map((message) => message.id).join(',')}`);
      const fresh = batch.filter((message) => !stored.has(message.id));
      for (const message of fresh) stored.add(message.id);
      return fresh.map((message): MessageRow =>
        messageRow({ id: message.id, ticketId: message.ticketId, body: message.body, fromMe: message.fromMe }),
      );
    },
  };
  const one = {
    execute: async (_companyId: unknown, data: Resolved) => {
      const source = data.source;
      const id = 'messageId' in source.data ? source.data.messageId : source.type;
      state.alone.push(id);
      state.log.push(`alone ${id}`);
    },
  } as unknown as ReceiveInboundUseCase;
  const useCase = new ReceiveInboundBatchUseCase(
    inlineTransactions,
    tickets$ as TicketsRepository,
    messages as MessagesRepository,
    one,
    new ConversationHooks(),
    publisher,
  );
  return {
    state,
    events,
    stored,
    messageIdOf: (e: ResolvedEvent) => ('messageId' in e.data.source.data ? e.data.source.data.messageId : ''),
    receive: (batch: ResolvedEvent[]) => useCase.execute(batch),
  };
}

const maria = contact(MARIA, 'Maria');
const joao = contact(JOAO, 'João');

describe(ReceiveInboundBatchUseCase.name, () => {
  it('stores the customers’ messages on agents’ tickets with one insert, one ticket update and one outbox write', async () => {
    const { state, events, receive } = partition();
    const batch = [event(maria), event(joao), event(maria)];
    const [first, second, third] = batch.map((e) => ('body' in e.data.source.data ? e.data.source.data.body : ''));
    await receive(batch);

    expect(state.alone).toEqual([]);
    expect(state.inserts).toHaveLength(1);
    expect(state.inserts[0]).toHaveLength(3);
    // each ticket once, with its preview and unread count after all of its messages
    expect(state.recorded).toEqual([
      [
        { id: 10, lastMessage: third, unreadMessages: 2 },
        { id: 11, lastMessage: second, unreadMessages: 1 },
      ],
    ]);
    // each message's events show its ticket as it was right after that message
    expect(events.map((e) => e.type)).toEqual([
      MessageCreated.type,
      TicketUpdated.type,
      MessageCreated.type,
      TicketUpdated.type,
      MessageCreated.type,
      TicketUpdated.type,
    ]);
    expect(events.filter((e) => e.type === TicketUpdated.type).map((e) => e.data['ticket'])).toEqual([
      expect.objectContaining({ id: 10, lastMessage: first, unreadMessages: 1 }),
      expect.objectContaining({ id: 11, lastMessage: second, unreadMessages: 1 }),
      expect.objectContaining({ id: 10, lastMessage: third, unreadMessages: 2 }),
    ]);
  });

  it('hands a message that does more than store to the one-at-a-time path, and later ones of its ticket too', async () => {
    const { state, messageIdOf, receive } = partition({ [JOAO]: { status: 'closed' } });
    const quoting = event(maria, { quotedMessageId: 'WA-earlier' });
    const after = event(maria);
    const reopening = event(joao);
    const afterReopening = event(joao);
    const other = event(maria, { fromMe: true });
    await receive([quoting, after, reopening, afterReopening]);
    await receive([other]);

    expect(state.alone).toEqual([
      messageIdOf(quoting),
      messageIdOf(after),
      messageIdOf(reopening),
      messageIdOf(afterReopening),
    ]);
    // a later batch starts afresh
    expect(state.inserts).toEqual([[messageIdOf(other)]]);
  });

  it('keeps the order of a partition: messages before a lone one are stored before it runs', async () => {
    const { state, messageIdOf, receive } = partition({ [JOAO]: { status: 'pending', userId: null, queueId: null } });
    const first = event(maria);
    const waiting = event(joao);
    const second = event(maria);
    await receive([first, waiting, second]);

    expect(state.log).toEqual([
      `insert ${messageIdOf(first)}`,
      `alone ${messageIdOf(waiting)}`,
      `insert ${messageIdOf(second)}`,
    ]);
  });

  it('handles every event after an edit, a revoke or a removed reaction alone: their ticket is unknown until read', async () => {
    const { state, messageIdOf, receive } = partition();
    const before = event(maria);
    const chat = chatOf(maria, 1);
    const edit = event(maria, {
      type: 'whatsapp.message.edited',
      data: { ...chat, messageId: 'WA-old', body: 'corrigido', editedAt: new Date(0).toISOString() },
    });
    const later = event(joao);
    await receive([before, edit, later]);

    expect(state.inserts).toEqual([[messageIdOf(before)]]);
    expect(state.alone).toEqual(['WA-old', messageIdOf(later)]);
  });

  it('takes a message quoting another, a group’s, or one on a closed ticket one at a time', async () => {
    const { state, messageIdOf, receive } = partition({ [JOAO]: { status: 'closed' } });
    const phone = event(maria, { fromMe: true });
    const quoting = event(maria, { quotedMessageId: 'WA-earlier' });
    const group = event(maria, { isGroup: true });
    const phoneOnClosed = event(joao, { fromMe: true });
    await receive([phone, quoting, group, phoneOnClosed]);

    // our own message from the phone on an open ticket only stores: set-based
    expect(state.inserts).toEqual([[messageIdOf(phone)]]);
    expect(state.alone).toEqual([messageIdOf(quoting), messageIdOf(group), messageIdOf(phoneOnClosed)]);
  });

  it('handles a contact alone when its snapshot changes within the batch, so each message shows its name then', async () => {
    const { state, messageIdOf, receive } = partition();
    const [before, after] = [event(maria), event({ ...maria, name: 'Maria Souza' })];
    await receive([before, after]);

    expect(state.inserts).toEqual([[messageIdOf(before)]]);
    expect(state.alone).toEqual([messageIdOf(after)]);
  });

  it('stores a redelivered message once and announces nothing for it', async () => {
    const { state, events, stored, messageIdOf, receive } = partition();
    const message = event(maria);
    stored.add(messageIdOf(message));
    await receive([message]);

    expect(state.recorded).toEqual([]);
    expect(events).toEqual([]);
  });
});
