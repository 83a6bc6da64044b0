import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { EventErrorCodeSchema } from '../../errors/codes.js';
import { defineTopic } from '../topic.js';
import {
  AckSchema,
  CallSchema,
  ConnectionSnapshotSchema,
  InboundMessageSchema,
  MessageEditedSchema,
  MessageRevokedSchema,
  OutboundContentSchema,
  PartySchema,
  ReactionSchema,
} from './snapshots.js';

export const ConnectionCreated = defineEvent('whatsapp.connection.created', ConnectionSnapshotSchema, {
  description: 'A connection was created.',
});
export const ConnectionUpdated = defineEvent('whatsapp.connection.updated', ConnectionSnapshotSchema, {
  description: 'A connection was edited (fields, queues, default flag).',
});
export const ConnectionDeleted = defineEvent('whatsapp.connection.deleted', z.object({ id: IdSchema }), {
  description: 'A connection was deleted.',
});
export const SessionUpdated = defineEvent('whatsapp.session.updated', ConnectionSnapshotSchema, {
  description:
    'A session changed state: OPENING, qrcode (with the QR string), PAIRING, CONNECTED, TIMEOUT, DISCONNECTED.',
});

export const WhatsappConnectionTopic = defineTopic({
  name: 'whatsapp.connection.v1',
  realtime: true,
  owner: 'whatsapp',
  aggregate: 'connection',
  key: 'connectionId',
  description: 'Connections (the /whatsapp resource) and their session states.',
  events: [ConnectionCreated, ConnectionUpdated, ConnectionDeleted, SessionUpdated],
});

export const MessageReceived = defineEvent('whatsapp.message.received', InboundMessageSchema, {
  schemaVersion: 2,
  description: 'A message in a chat: from the contact, or sent from the phone itself (fromMe), normalised.',
});
export const MessageEdited = defineEvent('whatsapp.message.edited', MessageEditedSchema, {
  description: 'A message was edited; `body` is the new text.',
});
export const MessageRevoked = defineEvent('whatsapp.message.revoked', MessageRevokedSchema, {
  description: 'A message was deleted for everyone.',
});
export const ReactionReceived = defineEvent('whatsapp.message.reacted', ReactionSchema, {
  description: 'A reaction was added to (or removed from) a message.',
});
export const CallMissed = defineEvent('whatsapp.call.missed', CallSchema, {
  description: "A voice or video call was missed or rejected (the spec's call_log entry).",
});

export const WhatsappInboundMessageTopic = defineTopic({
  name: 'whatsapp.inbound-message.v1',
  owner: 'whatsapp',
  aggregate: 'inbound-message',
  key: 'connectionId:chatJid',
  description: 'Everything that arrives in a chat, in order per chat.',
  // the hot path: more partitions, more chats consumed in parallel (see bench/README.md)
  partitions: 12,
  events: [MessageReceived, MessageEdited, MessageRevoked, ReactionReceived, CallMissed],
});

export const MessageAck = defineEvent(
  'whatsapp.message.ack',
  z.object({ connectionId: IdSchema, chatJid: z.string(), messageId: z.string(), ack: AckSchema }),
  { description: 'A message status changed (0 error ... 5 played).' },
);
export const MessageSent = defineEvent(
  'whatsapp.message.sent',
  z.object({
    commandId: z.uuid(),
    clientMessageId: z.string().min(1),
    connectionId: IdSchema,
    chatJid: z.string(),
    messageId: z.string().min(1),
    timestamp: z.iso.datetime({ offset: true }),
  }),
  { description: 'A send command was carried out: WhatsApp gave the message this id (ack 1).' },
);
export const MessageSendFailed = defineEvent(
  'whatsapp.message.send-failed',
  z.object({
    commandId: z.uuid(),
    clientMessageId: z.string().min(1),
    connectionId: IdSchema,
    error: EventErrorCodeSchema,
    reason: z.string(),
  }),
  { description: 'A send command failed for good (ack 0).' },
);

export const MessageEditFailed = defineEvent(
  'whatsapp.message.edit-failed',
  z.object({
    commandId: z.uuid(),
    /** The sender's own id for the message, from the edit command. */
    clientMessageId: z.string().min(1),
    connectionId: IdSchema,
    chatJid: z.string(),
    messageId: z.string().min(1),
    /** The text the edit tried to set. */
    body: z.string(),
    /** The message as it was before the edit, from the command: the sender puts it back. */
    previous: z.object({ body: z.string(), isEdited: z.boolean() }),
    error: EventErrorCodeSchema,
    reason: z.string(),
  }),
  { description: 'An edit command failed for good: the contact still sees the previous text.' },
);

export const WhatsappMessageAckTopic = defineTopic({
  name: 'whatsapp.message-ack.v1',
  owner: 'whatsapp',
  aggregate: 'message-ack',
  partitions: 6,
  key: 'connectionId:chatJid',
  description: 'Results of sends and delivery/read receipts.',
  events: [MessageSent, MessageSendFailed, MessageAck, MessageEditFailed],
});

export const ContactUpserted = defineEvent(
  'whatsapp.contact.upserted',
  z.object({
    connectionId: IdSchema,
    contact: PartySchema,
    isGroup: z.boolean(),
    name: z.string().nullable(),
    profilePicUrl: z.string().nullable(),
  }),
  { description: 'WhatsApp told us a name or picture for a contact or group.' },
);

export const NumberChecked = defineEvent(
  'whatsapp.number.checked',
  z.object({
    commandId: z.uuid(),
    /** The connection that asked WhatsApp, or null when none could (then `error` says why). */
    connectionId: IdSchema.nullable(),
    results: z.array(
      z.object({
        /** The number as it was asked. */
        number: z.string(),
        exists: z.boolean(),
        /** WhatsApp's own jid for the number (with its normalisation of Brazil's ninth digit). */
        jid: z.string().nullable(),
      }),
    ),
    error: EventErrorCodeSchema.nullable(),
  }),
  { description: 'The answer to a whatsapp.number.check command.' },
);
export const ContactsExported = defineEvent(
  'whatsapp.contacts.exported',
  z.object({
    commandId: z.uuid(),
    connectionId: IdSchema,
    count: z.number().int().min(0),
    error: EventErrorCodeSchema.nullable(),
  }),
  {
    description:
      "The phone's contacts of a connection were published as whatsapp.contact.upserted events (import from phone).",
  },
);

export const WhatsappContactTopic = defineTopic({
  name: 'whatsapp.contact.v1',
  owner: 'whatsapp',
  aggregate: 'contact',
  partitions: 6,
  key: 'connectionId:jid',
  description: 'Names and pictures of WhatsApp contacts and groups, number checks and phone-contact exports.',
  events: [ContactUpserted, NumberChecked, ContactsExported],
});

export const CheckNumbers = defineEvent(
  'whatsapp.number.check',
  z.object({
    commandId: z.uuid(),
    /** A connection to ask through, or null for the company's default connection. */
    connectionId: IdSchema.nullable(),
    numbers: z
      .array(z.string().regex(/^\d{8,20}$/))
      .min(1)
      .max(500),
  }),
  { description: 'Ask whether numbers are on WhatsApp; answered by whatsapp.number.checked.' },
);
export const ExportContacts = defineEvent(
  'whatsapp.contacts.export',
  z.object({ commandId: z.uuid(), connectionId: IdSchema.nullable() }),
  { description: 'Publish the contacts the phone of a connection knows (import from phone).' },
);
export const FetchProfilePicture = defineEvent(
  'whatsapp.profile-picture.fetch',
  z.object({ commandId: z.uuid(), connectionId: IdSchema.nullable(), jid: z.string().min(1) }),
  { description: "Refresh a contact's picture; answered by whatsapp.contact.upserted." },
);

export const WhatsappContactCommandsTopic = defineTopic({
  name: 'whatsapp.contact.commands.v1',
  owner: 'whatsapp',
  aggregate: 'contact',
  partitions: 6,
  key: 'companyId',
  description: 'Commands to the connector about contacts: number checks, phone-contact export, profile pictures.',
  events: [CheckNumbers, ExportContacts, FetchProfilePicture],
});

export const SendMessage = defineEvent(
  'whatsapp.message.send',
  z.object({
    commandId: z.uuid(),
    /** The sender's own id for the message (tickets' message id), echoed in the result events. */
    clientMessageId: z.string().min(1),
    connectionId: IdSchema,
    chatJid: z.string().min(1),
    content: OutboundContentSchema,
    quotedMessageId: z.string().nullable(),
  }),
  {
    schemaVersion: 3,
    description:
      'Send a message through a connection (carried out by the pod that owns the session); a text may carry a Cloud API template (from version 3 with a media header and URL button values).',
  },
);
export const DeleteMessage = defineEvent(
  'whatsapp.message.delete',
  z.object({ commandId: z.uuid(), connectionId: IdSchema, chatJid: z.string().min(1), messageId: z.string().min(1) }),
  { description: 'Delete a message we sent, for everyone.' },
);
export const EditMessage = defineEvent(
  'whatsapp.message.edit',
  z.object({
    commandId: z.uuid(),
    /** The sender's own id for the message (tickets' message id), echoed in whatsapp.message.edit-failed. */
    clientMessageId: z.string().min(1),
    connectionId: IdSchema,
    chatJid: z.string().min(1),
    /** WhatsApp's id of the message we sent. */
    messageId: z.string().min(1),
    body: z.string().min(1),
    /** The message before this edit, echoed in whatsapp.message.edit-failed so the sender can put it back. */
    previous: z.object({ body: z.string(), isEdited: z.boolean() }),
  }),
  { description: 'Edit the text of a text message we sent (WhatsApp allows it for 15 minutes).' },
);
export const MarkChatRead = defineEvent(
  'whatsapp.chat.mark-read',
  z.object({
    commandId: z.uuid(),
    connectionId: IdSchema,
    chatJid: z.string().min(1),
    messageIds: z.array(z.string().min(1)),
  }),
  { description: 'Mark messages of a chat as read on the phone (blue ticks for the contact).' },
);

export const WhatsappMessageCommandsTopic = defineTopic({
  name: 'whatsapp.message.commands.v1',
  owner: 'whatsapp',
  aggregate: 'message',
  partitions: 6,
  key: 'connectionId',
  description: 'Commands to the connector: send, delete for everyone, edit, mark read. Keyed by connection.',
  events: [SendMessage, DeleteMessage, EditMessage, MarkChatRead],
});

export const whatsappTopics = [
  WhatsappConnectionTopic,
  WhatsappInboundMessageTopic,
  WhatsappMessageAckTopic,
  WhatsappContactTopic,
  WhatsappMessageCommandsTopic,
  WhatsappContactCommandsTopic,
] as const;
