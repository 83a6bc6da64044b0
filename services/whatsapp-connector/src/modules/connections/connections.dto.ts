import { z } from 'zod';

const MESSAGES = { required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!' } as const;

const counter = z.coerce
  .number({ error: MESSAGES.required })
  .int('Must be an integer')
  .min(0, 'Must be 0 or more')
  .max(2_147_483_647);
const text = z.string().max(10_000).optional();
const optionalId = z.coerce.number().int().positive().nullable().optional();

/** The connection fields of the spec (§3, §5): name 2 to 50; the four counters integers ≥ 0. */
const fields = {
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .min(2, MESSAGES.tooShort)
    .max(50, MESSAGES.tooLong),
  isDefault: z.boolean().optional(),
  provider: z.enum(['beta', 'baileys', 'cloud-api', 'simulator']).optional(),
  queueIds: z.array(z.coerce.number().int().positive()).max(200).optional(),
  promptId: optionalId,
  integrationId: optionalId,
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  expiresInactiveMessage: text,
  token: z.string().max(255).nullable().optional(),
  timeSendQueue: counter.optional(),
  sendIdQueue: optionalId,
  expiresTicket: counter.optional(),
  timeUseBotQueues: counter.optional(),
  maxUseBotQueues: counter.optional(),
  cloudPhoneNumberId: z.string().max(64).optional(),
  cloudAccessToken: z.string().max(4_096).optional(),
  cloudAppSecret: z.string().max(512).optional(),
  cloudVerifyToken: z.string().max(512).optional(),
};

export const CreateConnectionSchema = z.object(fields);
export type CreateConnectionBody = z.infer<typeof CreateConnectionSchema>;

export const UpdateConnectionSchema = z.object(fields).partial();
export type UpdateConnectionBody = z.infer<typeof UpdateConnectionSchema>;

/** `POST /whatsappsession/{id}`: an empty body (QR), or a phone number to link by pairing code. */
export const StartSessionSchema = z
  .object({
    usePairingCode: z.boolean().optional(),
    number: z
      .string()
      .transform((value) => value.replace(/\D/g, ''))
      .pipe(z.string().regex(/^\d{10,15}$/, 'Invalid number'))
      .optional(),
  })
  .refine((body) => !body.usePairingCode || body.number !== undefined, {
    message: MESSAGES.required,
    path: ['number'],
  });
export type StartSessionBody = z.infer<typeof StartSessionSchema>;
