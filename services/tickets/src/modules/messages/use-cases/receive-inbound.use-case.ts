import { Injectable, Logger } from '@nestjs/common';
import type { CompanyId, EventData } from '@cs/proto/common';
import {
  type ContactSnapshot,
  InboundMessageResolved,
  MessageCreated,
  MessageUpdated,
  TicketCreated,
  type TicketSnapshot,
  TicketUpdated,
} from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { type ConnectionView, ProjectionsRepository } from '../../projections/projections.repository.js';
import { ConversationHooks } from '../../tickets/conversation-hooks.js';
import { placementOf, TicketEvents } from '../../tickets/ticket-events.js';
import { TicketLifecycle } from '../ticket-lifecycle.service.js';
import { REOPENED, type TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  armsAutoTransfer,
  type Incoming,
  inboundMessage,
  inboundRoute,
  incomingOf,
  previewAfter,
} from '../inbound-rules.js';
import { type MessageRow, MessagesRepository, quoteOf, toMessageSnapshot } from '../messages.repository.js';

export type Resolved = EventData<typeof InboundMessageResolved>;

/** A stored inbound message and its ticket right after (row and list-item snapshot). */
interface Stored {
  readonly message: MessageRow;
  /** The message it quotes, when it quotes one we have. */
  readonly quoted: MessageRow | null;
  readonly ticket: TicketRow;
  readonly snapshot: TicketSnapshot;
}

const CALLS_DISABLED_REPLY =
  '*Mensagem Automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para esse WhatsApp, favor enviar uma mensagem de texto. Obrigado';

/**
 * The inbound path (reference §2.1/§2.2 without its bugs): find or create the contact's ticket on the
 * connection, reopen a closed one as pending (a new attendance cycle), capture a pending rating without
 * swallowing other replies, store the message exactly once (WhatsApp id, also across redelivery), then run
 * the chatbot. Edits, revokes, reactions and missed calls update or add messages.
 */
@Injectable()
export class ReceiveInboundUseCase {
  private readonly logger = new Logger(ReceiveInboundUseCase.name);

  constructor(
    private readonly transactions: TransactionHost,
    private readonly projections: ProjectionsRepository,
    private readonly tickets: TicketsRepository,
    private readonly messages: MessagesRepository,
    private readonly ticketEvents: TicketEvents,
    private readonly lifecycle: TicketLifecycle,
    private readonly hooks: ConversationHooks,
    private readonly events: EventPublisher,
  ) {}

  async execute(companyId: CompanyId, data: Resolved): Promise<void> {
    await this.transactions.run(async () => {
      const source = data.source;
      // the contact's snapshot goes to the projection with `receive`'s first statement when a message is stored
      const stores =
        source.type === 'whatsapp.message.received' ||
        source.type === 'whatsapp.call.missed' ||
        (source.type === 'whatsapp.message.reacted' && Boolean(source.data.emoji));
      if (!stores) await this.projections.upsertContact(data.contact);
      if (data.groupContact) await this.projections.upsertContact(data.groupContact);
      switch (source.type) {
        case 'whatsapp.message.received': {
          await this.receive(companyId, data, incomingOf(source.data));
          return;
        }
        case 'whatsapp.message.reacted': {
          const reaction = source.data;
          if (!reaction.emoji) {
            await this.removeReaction(companyId, reaction.connectionId, reaction.targetMessageId, reaction.fromMe);
            return;
          }
          await this.receive(companyId, data, {
            connectionId: reaction.connectionId,
            chatJid: reaction.chatJid,
            isGroup: reaction.isGroup,
            waId: reaction.messageId,
            fromMe: reaction.fromMe,
            timestamp: reaction.timestamp,
            body: reaction.emoji,
            mediaType: 'reactionMessage',
            mediaUrl: null,
            quotedWaId: reaction.targetMessageId,
            conversational: false,
          });
          return;
        }
        case 'whatsapp.call.missed': {
          const call = source.data;
          const company = await this.projections.company(companyId);
          const clock = new Intl.DateTimeFormat('pt-BR', {
            timeZone: company.timezone,
            hour: '2-digit',
            minute: '2-digit',
          }).format(new Date(call.timestamp));
          const ticket = await this.receive(companyId, data, {
            connectionId: call.connectionId,
            chatJid: call.chatJid,
            isGroup: call.isGroup,
            waId: `call:${call.callId}`,
            fromMe: false,
            timestamp: call.timestamp,
            body: `Chamada de ${call.isVideo ? 'vídeo' : 'voz'} perdida às ${clock}`,
            mediaType: 'call_log',
            mediaUrl: null,
            quotedWaId: null,
            conversational: false,
          });
          if (ticket && company.settings['call'] === 'disabled') {
            await this.lifecycle.say(companyId, ticket.id, CALLS_DISABLED_REPLY);
          }
          return;
        }
        case 'whatsapp.message.edited': {
          const edit = source.data;
          await this.updateStored(companyId, edit.connectionId, edit.messageId, { body: edit.body, isEdited: true });
          return;
        }
        case 'whatsapp.message.revoked': {
          const revoke = source.data;
          await this.updateStored(companyId, revoke.connectionId, revoke.messageId, { isDeleted: true });
          return;
        }
      }
    });
  }

  private async receive(companyId: CompanyId, data: Resolved, incoming: Incoming): Promise<TicketRow | null> {
    if (incoming.isGroup && (await this.projections.company(companyId)).settings['CheckMsgIsGroup'] === 'enabled') {
      await this.projections.upsertContact(data.contact);
      return null;
    }

    const owner: ContactSnapshot = incoming.isGroup && data.groupContact ? data.groupContact : data.contact;
    const existing = await this.tickets.findForInbound(companyId, {
      contactId: owner.id,
      whatsappId: incoming.connectionId,
      waId: incoming.waId,
      contact: data.contact,
    });
    if (existing.duplicate) return null;
    const { ticket: found, created } = existing.ticket
      ? { ticket: existing.ticket, created: false }
      : await this.tickets.findOrCreate(companyId, {
          contactId: owner.id,
          whatsappId: incoming.connectionId,
          chatJid: incoming.chatJid,
          isGroup: incoming.isGroup,
          status: 'pending',
        });
    let ticket = found;
    const previous = created ? null : placementOf(ticket);
    const reopens = inboundRoute(ticket, incoming, this.hooks.inbound) === 'reopen';

    // a pending rating: 1-3 is recorded; anything else ends the wait and is handled as a normal message
    if (reopens) {
      const cycle = await this.tickets.currentCycle(companyId, ticket.id);
      if (cycle?.ratingAt) {
        const rate = /^\s*([1-3])\s*$/.exec(incoming.body);
        if (rate) {
          const stored = await this.store(companyId, ticket, data, incoming);
          if (!stored) return null;
          await this.emitStored(companyId, stored);
          await this.lifecycle.finishRating(companyId, ticket, cycle, Number(rate[1]));
          await this.ticketEvents.updated(companyId, ticket.id, previous);
          return ticket;
        }
        await this.tickets.patchCycle(companyId, cycle.id, { finishedAt: 'now' });
      }
    }

    if (reopens) {
      ticket = await this.tickets.patch(companyId, ticket.id, REOPENED);
    }

    // stores the message; a ticket that is not closed gets its attendance cycle when it has none
    const stored = await this.store(companyId, ticket, data, incoming);
    if (!stored) return null;
    ticket = stored.ticket;

    const route = inboundRoute(ticket, incoming, this.hooks.inbound);
    if (route !== 'bots') {
      // nothing answers (an agent's ticket, a group, the phone's own message): the ticket is as stored, and its
      // event goes out with the message's in one outbox write
      if (route === 'timer') await this.hooks.waitingWithoutQueue.emit(companyId, { ticket });
      const ticketEvent = created ? TicketCreated : TicketUpdated;
      await this.events.emitAll([
        this.messageCreated(companyId, stored),
        {
          definition: ticketEvent,
          input: { companyId, key: ticket.id, data: { ticket: stored.snapshot, previous } },
        },
      ]);
      return ticket;
    }

    await this.emitStored(companyId, stored);
    // the automation above answers (`ConversationHooks.inbound`); the ticket as it left it (unchanged since stored
    // when none acted), with its snapshot for the event
    const responder = this.hooks.inbound;
    const answer = await responder.prepare({
      companyId,
      ticket,
      body: incoming.body,
      contactName: data.contact.name,
      connectionId: incoming.connectionId,
      messageId: stored.message.id,
    });
    const connection = answer.connection;
    let fresh: { ticket: TicketRow; snapshot: TicketSnapshot } | null;
    const asStored = ticket;
    try {
      // the failure boundary of the bots: what they did is undone on failure, never the stored message (a message
      // no bot acts on, the usual one on a ticket waiting in its queue, needs none)
      fresh = answer.idle ? null : await this.savepoint(() => answer.run());
      ticket = fresh?.ticket ?? ticket;
    } catch (error) {
      this.logger.error(
        { err: error, companyId, ticketId: asStored.id },
        'the chatbot or a bot failed on an inbound message: the message is kept and the ticket waits in its queue',
      );
      await responder.failed(companyId, asStored, error);
      ticket = await this.withoutBots(companyId, asStored, connection);
      fresh = await this.tickets.findWithSnapshot(companyId, ticket.id);
      ticket = fresh?.ticket ?? ticket;
    }
    if (armsAutoTransfer(ticket)) await this.hooks.waitingWithoutQueue.emit(companyId, { ticket, connection });
    const snapshot = fresh ? fresh.snapshot : stored.snapshot;
    if (created) await this.ticketEvents.created(companyId, ticket.id, snapshot);
    else await this.ticketEvents.updated(companyId, ticket.id, previous, snapshot);
    return ticket;
  }

  /**
   * Runs `work` inside a savepoint of the current transaction: when it throws, everything it wrote is undone (the
   * transaction stays usable) and the error is rethrown. The savepoint is left to the commit, which ends it with the
   * transaction (one round trip less per message); a later one of the same name is the one a rollback goes to.
   */
  private async savepoint<T>(work: () => Promise<T>): Promise<T> {
    const manager = this.transactions.manager;
    await manager.query('SAVEPOINT inbound_bots');
    try {
      return await work();
    } catch (error) {
      await manager.query('ROLLBACK TO SAVEPOINT inbound_bots');
      throw error;
    }
  }

  /**
   * A ticket whose chatbot or bot failed: no bot on it any more, pending in its queue (the connection's only
   * queue when it had none yet) for a person, as if no bot had been configured.
   */
  private async withoutBots(companyId: CompanyId, ticket: TicketRow, connection: ConnectionView): Promise<TicketRow> {
    const queueId = ticket.queueId ?? (connection.queueIds.length === 1 ? (connection.queueIds[0] ?? null) : null);
    const moved = await this.tickets.patch(companyId, ticket.id, {
      chatbot: false,
      queueOptionId: null,
      useIntegration: false,
      promptId: null,
      integrationId: null,
      queueId,
      touch: false,
    });
    if (queueId !== null && queueId !== ticket.queueId) {
      const cycle = await this.tickets.openCycle(companyId, moved);
      await this.tickets.patchCycle(companyId, cycle.id, { queueId, queuedAt: 'now' });
    }
    return moved;
  }

  private async store(
    companyId: CompanyId,
    ticket: TicketRow,
    data: Resolved,
    incoming: Incoming,
  ): Promise<Stored | null> {
    const quoted = incoming.quotedWaId
      ? await this.messages.findByWaId(companyId, incoming.connectionId, incoming.quotedWaId)
      : null;
    const message = await this.messages.insert(
      companyId,
      inboundMessage(ticket, data.contact.id, incoming, quoted?.id ?? null),
    );
    if (!message) return null;
    const recorded = await this.tickets.recordMessage(companyId, ticket.id, previewAfter(ticket, incoming));
    return { message, quoted, ...recorded };
  }

  private messageCreated(companyId: CompanyId, stored: Stored) {
    return {
      definition: MessageCreated,
      input: {
        companyId,
        key: stored.ticket.id,
        data: {
          message: toMessageSnapshot(stored.message),
          ticket: stored.snapshot,
          quotedMsg: stored.quoted ? quoteOf(stored.quoted) : null,
        },
      },
    };
  }

  private async emitStored(companyId: CompanyId, stored: Stored): Promise<void> {
    const { definition, input } = this.messageCreated(companyId, stored);
    await this.events.emit(definition, input);
  }

  private async updateStored(
    companyId: CompanyId,
    connectionId: number,
    waId: string,
    patch: { body?: string; isEdited?: boolean; isDeleted?: boolean },
  ): Promise<void> {
    const message = await this.messages.findByWaId(companyId, connectionId, waId);
    if (!message) return;
    const updated = await this.messages.patch(companyId, message.id, patch);
    if (!updated) return;
    if (patch.body !== undefined) {
      const ticket = await this.tickets.find(companyId, message.ticketId);
      if (ticket && ticket.lastMessage === message.body) {
        await this.tickets.patch(companyId, ticket.id, { lastMessage: patch.body, touch: false });
      }
    }
    await this.emitUpdated(companyId, updated);
  }

  private async removeReaction(companyId: CompanyId, connectionId: number, targetWaId: string, fromMe: boolean) {
    const target = await this.messages.findByWaId(companyId, connectionId, targetWaId);
    if (!target) return;
    const rows = await this.transactions.manager.query<Array<{ id: string }>>(
      `SELECT id FROM messages WHERE company_id = $1 AND ticket_id = $2 AND media_type = 'reactionMessage'
         AND quoted_msg_id = $3 AND from_me = $4 AND NOT is_deleted`,
      [companyId, target.ticketId, target.id, fromMe],
    );
    for (const row of rows) {
      const updated = await this.messages.patch(companyId, row.id, { isDeleted: true });
      if (updated) await this.emitUpdated(companyId, updated);
    }
  }

  private async emitUpdated(companyId: CompanyId, message: MessageRow): Promise<void> {
    const ticket = await this.tickets.snapshot(companyId, message.ticketId);
    if (!ticket) return;
    await this.events.emit(MessageUpdated, {
      companyId,
      key: message.ticketId,
      data: { message: toMessageSnapshot(message), ticket },
    });
  }
}
