import { z } from 'zod';
import { MESSAGE_KINDS } from '@cs/proto/events';

const number = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{8,20}$/, 'Invalid number'));
const from = z.object({ number, name: z.string().max(100).optional() });

/** `POST /simulator/connections/{id}/messages`: a contact writes to the connection. */
export const SimulatedMessageSchema = z.object({
  from,
  kind: z.enum(MESSAGE_KINDS),
  body: z.string().max(65_536).optional(),
  media: z.object({ base64: z.string().min(1), mimeType: z.string().min(1), fileName: z.string().min(1) }).optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  vcard: z.object({ displayName: z.string(), vcard: z.string().min(1) }).optional(),
  quotedMessageId: z.string().min(1).optional(),
  group: z.object({ jid: z.string().regex(/@g\.us$/), name: z.string() }).optional(),
});
export type SimulatedMessage = z.infer<typeof SimulatedMessageSchema>;

export const SimulatedReceiptSchema = z.object({
  from,
  messageIds: z.array(z.string().min(1)).min(1).max(500),
  status: z.enum(['delivered', 'read', 'played']),
});
export type SimulatedReceipt = z.infer<typeof SimulatedReceiptSchema>;

export const SimulatedEditSchema = z.object({ from, messageId: z.string().min(1), body: z.string() });
export const SimulatedRevokeSchema = z.object({ from, messageId: z.string().min(1) });
export const SimulatedReactionSchema = z.object({ from, messageId: z.string().min(1), emoji: z.string().max(16) });
export const SimulatedCallSchema = z.object({ from, isVideo: z.boolean().optional() });

export type SimulatorInboxPayload =
  | SimulatedMessage
  | SimulatedReceipt
  | z.infer<typeof SimulatedEditSchema>
  | z.infer<typeof SimulatedRevokeSchema>
  | z.infer<typeof SimulatedReactionSchema>
  | z.infer<typeof SimulatedCallSchema>;
