import { z } from 'zod';
import { MESSAGE_KINDS } from '@cs/proto/events';

const number = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8,20}$/, 'Invalid number'));
const from = z.object({ number, name: z.string().max(100).optional() });
/** Ids are bounded at the edge: downstream stores hold 128 characters, and a longer id would be a poison event. */
const messageId = z.string().min(1).max(128);

/** `POST /simulator/connections/{id}/messages`: a contact writes to the connection. */
export const SimulatedMessageSchema = z.object({
  from,
  kind: z.enum(MESSAGE_KINDS),
  body: z.string().max(65_536).optional(),
  media: z
    .object({ base64: z.string().min(1), mimeType: z.string().min(1).max(255), fileName: z.string().min(1).max(255) })
    .optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().max(1_000).optional(),
      address: z.string().max(1_000).optional(),
    })
    .optional(),
  vcard: z.object({ displayName: z.string().max(256), vcard: z.string().min(1).max(65_536) }).optional(),
  quotedMessageId: messageId.optional(),
  group: z
    .object({
      jid: z
        .string()
        .max(100)
        .regex(/@g\.us$/),
      name: z.string().max(100),
    })
    .optional(),
});
export type SimulatedMessage = z.infer<typeof SimulatedMessageSchema>;

export const SimulatedReceiptSchema = z.object({
  from,
  messageIds: z.array(messageId).min(1).max(500),
  status: z.enum(['delivered', 'read', 'played']),
});
export type SimulatedReceipt = z.infer<typeof SimulatedReceiptSchema>;

export const SimulatedEditSchema = z.object({ from, messageId, body: z.string().max(65_536) });
export const SimulatedRevokeSchema = z.object({ from, messageId });
export const SimulatedReactionSchema = z.object({ from, messageId, emoji: z.string().max(16) });
export const SimulatedCallSchema = z.object({ from, isVideo: z.boolean().optional() });

export type SimulatorInboxPayload =
  | SimulatedMessage
  | SimulatedReceipt
  | z.infer<typeof SimulatedEditSchema>
  | z.infer<typeof SimulatedRevokeSchema>
  | z.infer<typeof SimulatedReactionSchema>
  | z.infer<typeof SimulatedCallSchema>;
