import { Injectable } from '@nestjs/common';
import { asCompanyId, type Envelope } from '@cs/proto/common';
import { MessageCreated, TicketUpdated, type TicketSnapshot } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { type EmitInput, EventPublisher } from '@cs/platform/events';
import { inEventContext } from '@cs/platform/events/transport';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import { placementOf } from '../../tickets/ticket-events.js';
import { type TicketRow, TicketsRepository, ticketKey } from '../../tickets/tickets.repository.js';
import { type MessageRow, MessagesRepository, toMessageSnapshot } from '../messages.repository.js';
import { type Incoming, inboundMessage, inboundRoute, incomingOf, previewAfter } from '../inbound-rules.js';
import { ReceiveInboundUseCase, type Resolved } from './receive-inbound.use-case.js';

/** A `contacts.inbound-message.resolved` event as a batch handler gets it. */
export type ResolvedEvent = Pick<Envelope, 'id' | 'companyId' | 'correlationId'> & { readonly data: Resolved };

/** A message of the batch that takes the set-based path. */
interface Plain {
  readonly event: ResolvedEvent;
  readonly incoming: Incoming;
  readonly ticket: TicketRow;
}

/**
 * The inbound path for a batch of resolved events (one partition's, in order), in the current transaction, by the
 * rules of `inbound-rules.ts`. A message those rules only store (`inboundRoute` = `store`: nothing answers, as on an
 * agent's ticket, or our own message sent from the phone) is set-based: the batch's tickets are locked and the
 * contacts' projection refreshed in one statement, then each run of such messages is stored with one insert, its
 * tickets updated with one statement and its events written with one outbox insert. Every other event (a new or
 * closed ticket, the chatbot or a bot to run, a queue timer to arm, groups, quoted messages, reactions, calls, edits,
 * revokes) goes through `ReceiveInboundUseCase`, in order, and so does any later event of a ticket such an event may
 * have changed: the effects and events are those of the events handled one at a time.
 */
@Injectable()
export class ReceiveInboundBatchUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly tickets: TicketsRepository,
    private readonly messages: MessagesRepository,
    private readonly one: ReceiveInboundUseCase,
    private readonly hooks: ConversationHooks,
    private readonly events: EventPublisher,
  ) {}

  async execute(events: readonly ResolvedEvent[]): Promise<void> {
    await this.transactions.run(async () => {
      const candidates = events.filter((event) => candidateOf(event) !== null);
      const tickets = await this.tickets.lockForInbound(
        candidates.map((event) => ({
          companyId: event.companyId,
          contactId: event.data.contact.id,
          whatsappId: (candidateOf(event) as Incoming).connectionId,
          contact: event.data.contact,
        })),
      );
      // the projection now holds each contact as its first candidate event carried it
      const projected = new Map<string, string>();
      for (const event of candidates) {
        const key = contactKey(event.companyId, event.data.contact.id);
        if (!projected.has(key)) projected.set(key, JSON.stringify(event.data.contact));
      }
      /** Tickets and contacts an event handled alone may have changed: their later events are handled alone too. */
      const changed = new Set<string>();
      let anyChanged = false;
      let run: Plain[] = [];
      for (const event of events) {
        const plain = anyChanged ? null : this.plain(event, tickets, changed, projected);
        if (plain) {
          run.push(plain);
          continue;
        }
        await this.store(run, tickets);
        run = [];
        await inEventContext(event, () => this.one.execute(asCompanyId(event.companyId), event.data));
        changed.add(contactKey(event.companyId, event.data.contact.id));
        const incoming = candidateOf(event) ?? callOrReactionOf(event);
        if (incoming) {
          const owner = incoming.isGroup && event.data.groupContact ? event.data.groupContact : event.data.contact;
          changed.add(ticketKey(event.companyId, owner.id, incoming.connectionId));
        } else {
          // an edit, a revoke or a removed reaction: its ticket is only known once looked up
          anyChanged = true;
        }
      }
      await this.store(run, tickets);
    });
  }

  /** The event as a set-based message, or null when it must be handled alone (see the class comment). */
  private plain(
    event: ResolvedEvent,
    tickets: ReadonlyMap<string, TicketRow>,
    changed: ReadonlySet<string>,
    projected: ReadonlyMap<string, string>,
  ): Plain | null {
    const incoming = candidateOf(event);
    if (!incoming) return null;
    const key = ticketKey(event.companyId, event.data.contact.id, incoming.connectionId);
    const ticket = tickets.get(key);
    if (!ticket || changed.has(key) || ticket.status === 'closed') return null;
    // only a message that is just stored (no reopening, no bot, no timer to arm) is set-based
    if (inboundRoute(ticket, incoming, this.hooks.inbound) !== 'store') return null;
    // its ticket's snapshot shows the contact as the projection holds it: the same as this event carries
    const contact = contactKey(event.companyId, event.data.contact.id);
    if (changed.has(contact) || projected.get(contact) !== JSON.stringify(event.data.contact)) return null;
    return { event, incoming, ticket };
  }

  /** Stores a run of set-based messages: one insert, one ticket update, one outbox write. */
  private async store(run: readonly Plain[], tickets: Map<string, TicketRow>): Promise<void> {
    if (run.length === 0) return;
    const inserted = await this.messages.insertMany(
      run.map(({ event, incoming, ticket }) => ({
        ...inboundMessage(ticket, event.data.contact.id, incoming, null),
        companyId: event.companyId,
      })),
    );
    const rows = new Map(inserted.map((row) => [`${row.companyId}:${row.id}`, row]));
    // each stored message in order, with its ticket's preview and unread count right after it
    const stored: Array<Plain & { message: MessageRow; lastMessage: string; unreadMessages: number }> = [];
    const after = new Map<string, { ticket: TicketRow; lastMessage: string; fromMe: boolean; unread: number }>();
    for (const plain of run) {
      const row = rows.get(`${plain.event.companyId}:${plain.incoming.waId}`);
      if (!row) continue; // already stored (a redelivery) or repeated in the batch: no effect
      rows.delete(`${plain.event.companyId}:${plain.incoming.waId}`);
      const key = ticketKey(plain.ticket.companyId, plain.ticket.contactId, plain.ticket.whatsappId);
      const state = after.get(key) ?? {
        ticket: plain.ticket,
        lastMessage: plain.ticket.lastMessage,
        fromMe: plain.ticket.fromMe,
        unread: plain.ticket.unreadMessages,
      };
      const preview = previewAfter({ unreadMessages: state.unread }, plain.incoming);
      state.lastMessage = preview.lastMessage;
      state.fromMe = preview.fromMe;
      state.unread = preview.unreadMessages;
      after.set(key, state);
      stored.push({ ...plain, message: row, lastMessage: state.lastMessage, unreadMessages: state.unread });
    }
    if (stored.length === 0) return;
    const recorded = await this.tickets.recordMessages(
      [...after.values()].map((state) => ({
        companyId: state.ticket.companyId,
        id: state.ticket.id,
        lastMessage: state.lastMessage,
        fromMe: state.fromMe,
        unreadMessages: state.unread,
      })),
    );
    for (const [key, state] of after) {
      const fresh = recorded.get(`${state.ticket.companyId}:${state.ticket.id}`);
      if (fresh) tickets.set(key, fresh.ticket);
    }
    const emits: Parameters<EventPublisher['emitAll']>[0][number][] = [];
    for (const item of stored) {
      const fresh = recorded.get(`${item.ticket.companyId}:${item.ticket.id}`);
      if (!fresh) throw new Error(`ticket ${item.ticket.id} not found`);
      const snapshot: TicketSnapshot = {
        ...fresh.snapshot,
        lastMessage: item.lastMessage,
        unreadMessages: item.unreadMessages,
      };
      const common = { companyId: item.event.companyId, key: item.ticket.id, correlationId: item.event.correlationId };
      const messageCreated: EmitInput<typeof MessageCreated> = {
        ...common,
        data: { message: toMessageSnapshot(item.message), ticket: snapshot },
      };
      const ticketUpdated: EmitInput<typeof TicketUpdated> = {
        ...common,
        data: { ticket: snapshot, previous: placementOf(item.ticket) },
      };
      emits.push(
        { definition: MessageCreated, input: messageCreated },
        { definition: TicketUpdated, input: ticketUpdated },
      );
    }
    await this.events.emitAll(emits);
  }
}

const contactKey = (companyId: number, contactId: number): string => `${companyId}:${contactId}`;

/** A received message that may take the set-based path (not a group's, not quoting another), as it is stored. */
function candidateOf(event: ResolvedEvent): Incoming | null {
  const source = event.data.source;
  if (source.type !== 'whatsapp.message.received') return null;
  if (source.data.isGroup || source.data.quotedMessageId) return null;
  return incomingOf(source.data);
}

/** The chat of an event that stores a message on its chat's ticket without being a plain message. */
function callOrReactionOf(event: ResolvedEvent): Pick<Incoming, 'connectionId' | 'isGroup'> | null {
  const source = event.data.source;
  switch (source.type) {
    case 'whatsapp.message.received':
    case 'whatsapp.call.missed':
      return source.data;
    case 'whatsapp.message.reacted':
      return source.data.emoji ? source.data : null;
    default:
      return null;
  }
}
