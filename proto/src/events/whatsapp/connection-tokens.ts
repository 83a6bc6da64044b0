import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/**
 * The digest of a connection's external-API token (`Authorization: Bearer <token>` of `POST /api/messages/send`),
 * for the services that authenticate that call: the SHA-256 of the token in lowercase hex, never the token (the
 * connector keeps only the digest too). `tokenSha256` is '' when the connection has no token or was deleted;
 * `weak`: the token was typed before tokens had to be strong (the API refuses it until the admin rotates it).
 */
export const ConnectionTokenDigestChanged = defineEvent(
  'whatsapp.connection-token.digest-changed',
  z.object({
    connectionId: IdSchema,
    tokenSha256: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{64}$/)]),
    weak: z.boolean(),
  }),
  {
    description:
      "A connection's external-API token was set, rotated or removed (also on create and delete): its SHA-256 only.",
  },
);

/** `whatsapp.connection-token.v1` (the token itself) is retired by proto/adr/0011-connection-token-digests.md. */
export const WhatsappConnectionTokenTopic = defineTopic({
  name: 'whatsapp.connection-token.v2',
  owner: 'whatsapp',
  aggregate: 'connection-token',
  key: 'connectionId',
  description: "Digests of the connections' external-API tokens (service to service only).",
  events: [ConnectionTokenDigestChanged],
});
