import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';
import {
  CallSchema,
  InboundMessageSchema,
  MessageEditedSchema,
  MessageRevokedSchema,
  ReactionSchema,
} from '../whatsapp/snapshots.js';
import { ContactListItemSnapshotSchema, ContactListSnapshotSchema, ContactSnapshotSchema } from './snapshots.js';

const deleted = z.object({ id: IdSchema });

export const ContactCreated = defineEvent('contacts.contact.created', ContactSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact was created (by a person, an import or an inbound message).',
});
export const ContactUpdated = defineEvent('contacts.contact.updated', ContactSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact changed (name, number, email, picture, extra info).',
});
export const ContactDeleted = defineEvent('contacts.contact.deleted', deleted, {
  description: 'A contact was deleted.',
});

export const ContactsContactTopic = defineTopic({
  name: 'contacts.contact.v1',
  realtime: true,
  owner: 'contacts',
  aggregate: 'contact',
  partitions: 6,
  key: 'contactId',
  description: 'Contacts, for the tickets projection and the company-{id}-contact realtime channel.',
  events: [ContactCreated, ContactUpdated, ContactDeleted],
});

/** The WhatsApp event that was resolved, as it came from `whatsapp.inbound-message.v1`. */
export const ResolvedSourceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('whatsapp.message.received'), data: InboundMessageSchema }),
  z.object({ type: z.literal('whatsapp.message.edited'), data: MessageEditedSchema }),
  z.object({ type: z.literal('whatsapp.message.revoked'), data: MessageRevokedSchema }),
  z.object({ type: z.literal('whatsapp.message.reacted'), data: ReactionSchema }),
  z.object({ type: z.literal('whatsapp.call.missed'), data: CallSchema }),
]);
export type ResolvedSource = z.infer<typeof ResolvedSourceSchema>;

export const InboundMessageResolved = defineEvent(
  'contacts.inbound-message.resolved',
  z.object({
    /** The id of the `whatsapp.inbound-message.v1` event this one resolves. */
    sourceEventId: z.uuid(),
    source: ResolvedSourceSchema,
    /** The person: the other party of a 1:1 chat, or the participant who wrote in a group. */
    contact: ContactSnapshotSchema,
    /** The group's own contact, when the chat is a group (its ticket belongs to the group). */
    groupContact: ContactSnapshotSchema.nullable(),
  }),
  {
    schemaVersion: 3,
    description: 'An inbound WhatsApp event with its contact (and group contact) resolved to contact ids.',
  },
);

export const ContactsInboundMessageTopic = defineTopic({
  name: 'contacts.inbound-message.v1',
  owner: 'contacts',
  aggregate: 'inbound-message',
  partitions: 12,
  key: 'connectionId:chatJid',
  description: 'whatsapp.inbound-message.v1 after contact resolution, in the same per-chat order (see ADR 0003).',
  events: [InboundMessageResolved],
});

export const ContactListCreated = defineEvent('contacts.contact-list.created', ContactListSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact list was created.',
});
export const ContactListUpdated = defineEvent('contacts.contact-list.updated', ContactListSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact list changed (name or contacts count).',
});
export const ContactListDeleted = defineEvent('contacts.contact-list.deleted', deleted, {
  description: 'A contact list was deleted.',
});
export const ContactListItemCreated = defineEvent('contacts.contact-list-item.created', ContactListItemSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact list item was created.',
});
export const ContactListItemUpdated = defineEvent('contacts.contact-list-item.updated', ContactListItemSnapshotSchema, {
  schemaVersion: 2,
  description: 'A contact list item changed (including its WhatsApp validity).',
});
export const ContactListItemDeleted = defineEvent(
  'contacts.contact-list-item.deleted',
  z.object({ id: IdSchema, contactListId: IdSchema }),
  { description: 'A contact list item was deleted.' },
);

export const ContactsContactListTopic = defineTopic({
  name: 'contacts.contact-list.v1',
  realtime: true,
  owner: 'contacts',
  aggregate: 'contact-list',
  partitions: 6,
  key: 'contactListId',
  description: 'Contact lists and their items (for campaigns).',
  events: [
    ContactListCreated,
    ContactListUpdated,
    ContactListDeleted,
    ContactListItemCreated,
    ContactListItemUpdated,
    ContactListItemDeleted,
  ],
});

export const ImportProgressed = defineEvent(
  'contacts.import.progressed',
  z.object({
    jobId: z.string().min(1),
    target: z.enum(['contacts', 'contact-list']),
    contactListId: IdSchema.nullable(),
    processed: z.number().int().min(0),
    total: z.number().int().min(0),
    imported: z.number().int().min(0),
    invalid: z.number().int().min(0),
    /** Rows that matched an existing contact or item (or an earlier row) and were merged into it (v2). */
    merged: z.number().int().min(0).optional(),
    /** Set when the import stopped on an error (an unreadable file, the phone export failing) (v2). */
    error: z.string().nullable().optional(),
    done: z.boolean(),
  }),
  { schemaVersion: 2, description: "Progress of a spreadsheet or phone import, for the page's progress bar." },
);

export const ContactsImportTopic = defineTopic({
  name: 'contacts.import.v1',
  realtime: true,
  owner: 'contacts',
  aggregate: 'import',
  key: 'jobId',
  description: 'Progress of contact imports.',
  events: [ImportProgressed],
});

export const contactsTopics = [
  ContactsContactTopic,
  ContactsInboundMessageTopic,
  ContactsContactListTopic,
  ContactsImportTopic,
] as const;
