import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/**
 * Find or create the contact of a number WhatsApp confirmed (the external send API writing to someone new);
 * answered by `contacts.contact.created` (or `.updated`) like any contact change.
 */
export const EnsureContact = defineEvent(
  'contacts.contact.ensure',
  z.object({
    commandId: z.uuid(),
    connectionId: IdSchema,
    /** WhatsApp's jid for the number (`<digits>@s.whatsapp.net`). */
    jid: z.string().min(1),
    number: z.string().regex(/^\d{8,20}$/),
  }),
  { description: 'Find or create the contact of a number confirmed on WhatsApp.' },
);

export const ContactsContactCommandsTopic = defineTopic({
  name: 'contacts.contact.commands.v1',
  owner: 'contacts',
  aggregate: 'contact',
  partitions: 6,
  key: 'companyId',
  description: 'Commands to contacts from other services.',
  events: [EnsureContact],
});
