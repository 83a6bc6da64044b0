import type {
  BaileysEventMap,
  MessageUserReceiptUpdate,
  WACallEvent,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
} from 'baileys';
import { normalizeMessageContent } from 'baileys';
import type { InboundEvent, SessionContext, SessionSink } from '../provider.port.js';
import type { BaileysDataStore } from './baileys-data.store.js';
import type { GroupCache } from './baileys-groups.js';
import type { Conversation, EventHandlers, SocketView } from './baileys-handlers.js';
import type { BaileysMedia } from './baileys-media.js';
import {
  ackOf,
  ackOfReceipt,
  advancesAck,
  classify,
  conversationOf,
  isGroupJid,
  isIgnoredJid,
  isoFromSeconds,
  isMissedCallStub,
  CALL_MISSED_VIDEO,
  MESSAGE_EDIT,
  STUB_REVOKE,
  normalizeJid,
  partyOf,
  textOf,
} from './baileys.mapper.js';
import { BoundedMap } from './bounded-map.js';

/**
 * Chat traffic into provider events: messages (`notify`, and `append` for what arrived while offline), edits,
 * revokes, reactions, missed calls, and acks from message updates and receipts. Each edit, revoke, reaction and
 * call is emitted once however many paths bring it; acks only move forward.
 */
export class BaileysInbound {
  private readonly acks = new BoundedMap<number>(10_000);
  private readonly handled = new BoundedMap<true>(10_000);
  private readonly acceptedCalls = new BoundedMap<true>(1_000);

  constructor(
    private readonly context: Pick<SessionContext, 'connection'>,
    private readonly sink: SessionSink,
    private readonly data: Pick<BaileysDataStore, 'isOurs' | 'recordReceived'>,
    private readonly groups: GroupCache,
    private readonly socket: SocketView,
    private readonly media: BaileysMedia,
  ) {}

  handlers(): EventHandlers {
    return {
      'messages.upsert': (upsert) => this.onUpsert(upsert),
      'messages.update': (updates) => this.onMessageUpdates(updates),
      'message-receipt.update': (receipts) => this.onReceipts(receipts),
      'messages.reaction': (reactions) => this.onReactions(reactions),
      call: (calls) => this.onCalls(calls),
    };
  }

  private get connection(): SessionContext['connection'] {
    return this.context.connection;
  }

  private conversation(key: WAMessageKey, pushName: string | null | undefined): Conversation | null {
    // a group message we sent from the phone may carry no participant: we are the one who wrote
    const own = this.socket.current()?.user?.id;
    const conversation =
      isGroupJid(key.remoteJid) && key.fromMe && !key.participant && own
        ? conversationOf({ ...key, participant: normalizeJid(own) }, pushName)
        : conversationOf(key, pushName);
    if (!conversation) return null;
    if (conversation.isGroup && !this.connection.allowGroups) return null;
    return conversation;
  }

  private async base(conversation: Conversation): Promise<{
    connectionId: number;
    chatJid: string;
    isGroup: boolean;
    groupName: string | null;
    contact: Conversation['contact'];
  }> {
    return {
      connectionId: this.connection.id,
      chatJid: conversation.chatJid,
      isGroup: conversation.isGroup,
      groupName: conversation.isGroup ? await this.groups.nameOf(conversation.chatJid) : null,
      contact: conversation.contact,
    };
  }

  /** Revokes, edits, reactions and calls can reach us twice (upsert and update paths): emit each once. */
  private async emitOnce(key: string, event: () => Promise<InboundEvent>): Promise<void> {
    if (this.handled.has(key)) return;
    await this.sink.inbound(await event());
    this.handled.set(key, true);
  }

  private async onUpsert(upsert: BaileysEventMap['messages.upsert']): Promise<void> {
    for (const message of upsert.messages) {
      await this.onMessage(message, upsert.type === 'append');
    }
  }

  private async onMessage(message: WAMessage, isOffline: boolean): Promise<void> {
    const key = message.key;
    const id = key.id;
    if (!id) return;
    const conversation = this.conversation(key, message.pushName);
    if (!conversation) return;
    const classified = classify(message);
    switch (classified.type) {
      case 'skip':
        if (isMissedCallStub(message.messageStubType)) await this.emitMissedCallStub(message, conversation);
        return;
      case 'revoke':
        return this.emitRevoke(conversation, classified.targetId, Boolean(key.fromMe));
      case 'edit':
        return this.emitEdit(conversation, classified.targetId, classified.body, message.messageTimestamp);
      case 'reaction':
        return this.emitOnce(`reaction:${id}`, async () => ({
          type: 'whatsapp.message.reacted',
          data: {
            ...(await this.base(conversation)),
            messageId: id,
            targetMessageId: classified.targetId,
            fromMe: Boolean(key.fromMe),
            emoji: classified.emoji,
            timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
          },
        }));
      case 'message':
        break;
    }
    if (key.fromMe && (await this.data.isOurs(id))) {
      // our own send echoed back (emitOwnEvents): only its status matters
      await this.applyAck(conversation.chatJid, id, message.status);
      return;
    }
    const event: InboundEvent = {
      type: 'whatsapp.message.received',
      data: {
        ...(await this.base(conversation)),
        messageId: id,
        fromMe: Boolean(key.fromMe),
        timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
        kind: classified.kind,
        body: classified.body,
        ...(await this.media.store(message, classified, this.socket.current())),
        location: classified.location
          ? {
              latitude: classified.location.latitude,
              longitude: classified.location.longitude,
              name: classified.location.name,
              address: classified.location.address,
              thumbnailUrl: await this.media.storeThumbnail(classified.location.thumbnail, id),
            }
          : null,
        vcards: classified.vcards,
        quotedMessageId: classified.quotedMessageId,
        isOffline,
      },
    };
    // kept first, so a reply can quote it and a mark-read can name its participant as soon as the core knows it
    await this.data.recordReceived(message, conversation.chatJid);
    await this.sink.inbound(event);
    if (key.fromMe) await this.applyAck(conversation.chatJid, id, message.status);
  }

  private emitRevoke(conversation: Conversation, targetId: string, fromMe: boolean): Promise<void> {
    return this.emitOnce(`revoke:${targetId}`, async () => ({
      type: 'whatsapp.message.revoked',
      data: { ...(await this.base(conversation)), messageId: targetId, fromMe },
    }));
  }

  private emitEdit(conversation: Conversation, targetId: string, body: string, at: unknown): Promise<void> {
    const editedAt = isoFromSeconds(at as never, new Date());
    return this.emitOnce(`edit:${targetId}:${body}`, async () => ({
      type: 'whatsapp.message.edited',
      data: { ...(await this.base(conversation)), messageId: targetId, body, editedAt },
    }));
  }

  private async onMessageUpdates(updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.id || !key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const conversation = this.conversation(key, null);
      if (update.message === null && update.messageStubType === STUB_REVOKE) {
        if (conversation) await this.emitRevoke(conversation, key.id, Boolean(key.fromMe));
      } else if (update.message) {
        const content = normalizeMessageContent(update.message);
        const protocol = content?.protocolMessage;
        const body =
          protocol?.type === MESSAGE_EDIT ? textOf(normalizeMessageContent(protocol.editedMessage)) : textOf(content);
        if (conversation && (update.message.editedMessage || protocol?.type === MESSAGE_EDIT)) {
          await this.emitEdit(conversation, key.id, body, update.messageTimestamp);
        }
      }
      if (update.status !== undefined && update.status !== null) {
        await this.applyAck(normalizeJid(key.remoteJid), key.id, update.status);
      }
    }
  }

  private async onReceipts(receipts: MessageUserReceiptUpdate[]): Promise<void> {
    for (const { key, receipt } of receipts) {
      if (!key.id || !key.remoteJid || isIgnoredJid(key.remoteJid)) continue;
      const ack = ackOfReceipt(receipt);
      if (ack !== null) await this.applyAck(normalizeJid(key.remoteJid), key.id, ack);
    }
  }

  /** Acks move forward only (a late "delivered" after "read" is dropped); ERROR always gets through once. */
  private async applyAck(chatJid: string, messageId: string, status: unknown): Promise<void> {
    const ack = ackOf(status);
    if (ack === null) return;
    const previous = this.acks.get(messageId);
    if (!advancesAck(previous, ack)) return;
    await this.sink.ack({ chatJid, messageId, ack });
    this.acks.set(messageId, ack);
  }

  private async onReactions(reactions: BaileysEventMap['messages.reaction']): Promise<void> {
    for (const { key, reaction } of reactions) {
      const reactionKey = reaction.key;
      if (!reactionKey?.id || !key.id) continue;
      const conversation = this.conversation(reactionKey, null);
      if (!conversation) continue;
      await this.emitOnce(`reaction:${reactionKey.id}`, async () => ({
        type: 'whatsapp.message.reacted',
        data: {
          ...(await this.base(conversation)),
          messageId: reactionKey.id!,
          targetMessageId: key.id!,
          fromMe: Boolean(reactionKey.fromMe),
          emoji: reaction.text ?? '',
          timestamp: new Date(Number(reaction.senderTimestampMs ?? Date.now())).toISOString(),
        },
      }));
    }
  }

  private async onCalls(calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status === 'accept') this.acceptedCalls.set(call.id, true);
      const outcome =
        call.status === 'reject'
          ? 'rejected'
          : (call.status === 'timeout' || call.status === 'terminate') && !this.acceptedCalls.has(call.id)
            ? 'missed'
            : null;
      if (!outcome) continue;
      const isGroup = Boolean(call.isGroup && call.groupJid);
      if (isGroup && !this.connection.allowGroups) continue;
      const contact = partyOf(call.from, call.callerPn ?? null, null);
      const chatJid = isGroup ? call.groupJid! : normalizeJid(call.callerPn ?? call.chatId ?? call.from);
      await this.emitOnce(`call:${call.id}`, async () => ({
        type: 'whatsapp.call.missed',
        data: {
          connectionId: this.connection.id,
          chatJid,
          isGroup,
          groupName: isGroup ? await this.groups.nameOf(chatJid) : null,
          contact,
          callId: call.id,
          isVideo: Boolean(call.isVideo),
          status: outcome,
          timestamp: new Date(call.date ?? Date.now()).toISOString(),
        },
      }));
    }
  }

  /** A call missed while we were offline only arrives as this stub (its key id is the call id). */
  private emitMissedCallStub(message: WAMessage, conversation: Conversation): Promise<void> {
    const callId = message.key.id!;
    return this.emitOnce(`call:${callId}`, async () => ({
      type: 'whatsapp.call.missed',
      data: {
        ...(await this.base(conversation)),
        callId,
        isVideo: message.messageStubType === CALL_MISSED_VIDEO,
        status: 'missed',
        timestamp: isoFromSeconds(message.messageTimestamp, new Date()),
      },
    }));
  }
}
