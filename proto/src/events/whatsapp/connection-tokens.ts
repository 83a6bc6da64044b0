import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/**
 * The external-API token of a connection (`Authorization: Bearer <token>` of `POST /api/messages/send`), for the
 * services that authenticate that call. A secret: never on a browser channel, never in a log (the logger redacts
 * `token`). `token` is '' when the connection has none or was deleted.
 */
export const ConnectionTokenChanged = defineEvent(
  'whatsapp.connection-token.changed',
  z.object({ connectionId: IdSchema, token: z.string().max(255) }),
  { description: "A connection's external-API token was set, changed or removed (also on create and delete)." },
);

export const WhatsappConnectionTokenTopic = defineTopic({
  name: 'whatsapp.connection-token.v1',
  owner: 'whatsapp',
  aggregate: 'connection-token',
  key: 'connectionId',
  description: "Connections' external-API tokens (service to service only).",
  events: [ConnectionTokenChanged],
});
