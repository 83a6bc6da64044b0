import { z } from 'zod';
import { IdSchema } from './ids.js';

/**
 * Every Kafka message has this envelope. `companyId` and `correlationId` are copied into Kafka headers.
 * Objects are not `.strict()`, so older consumers tolerate new optional fields.
 */
export const EnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  companyId: IdSchema,
  producer: z.string().min(1),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).optional(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export interface EventDefinition<TType extends string = string, TData extends z.ZodType = z.ZodType> {
  readonly type: TType;
  readonly schemaVersion: number;
  readonly description: string;
  readonly data: TData;
  readonly schema: z.ZodObject<
    Omit<(typeof EnvelopeSchema)['shape'], 'type' | 'data'> & { type: z.ZodLiteral<TType>; data: TData }
  >;
}

export type EventOf<D extends EventDefinition> = z.infer<D['schema']>;
export type EventData<D extends EventDefinition> = z.infer<D['data']>;

/** Declares one event type (`<owner>.<aggregate>.<past-verb>`) with its data schema. */
export function defineEvent<TType extends string, TData extends z.ZodType>(
  type: TType,
  data: TData,
  options: { schemaVersion?: number; description: string },
): EventDefinition<TType, TData> {
  return {
    type,
    schemaVersion: options.schemaVersion ?? 1,
    description: options.description,
    data,
    schema: EnvelopeSchema.extend({ type: z.literal(type), data }),
  };
}
