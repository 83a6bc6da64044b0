import { z } from 'zod';
import { defineEvent } from '../../common/envelope.js';
import { IdSchema } from '../../common/ids.js';
import { defineTopic } from '../topic.js';

/** Where an open attendance stands against its queue's service level: near (80% of a target used) or past it. */
export const SERVICE_LEVEL_STATES = ['ok', 'near', 'breached'] as const;
export const ServiceLevelStateSchema = z.enum(SERVICE_LEVEL_STATES);
export type ServiceLevelState = z.infer<typeof ServiceLevelStateSchema>;

/** An open ticket's standing against its queue's targets (issue 55), with its placement for the list rooms. */
export const TicketServiceLevelSchema = z.object({
  ticketId: IdSchema,
  /** The worse of the two targets' states; `ok` once answered and within resolution, or the cycle ended. */
  state: ServiceLevelStateSchema,
  firstResponse: ServiceLevelStateSchema.nullable(),
  resolution: ServiceLevelStateSchema.nullable(),
  /** When the first response is due (null: answered, or no target). */
  firstResponseDueAt: z.iso.datetime().nullable(),
  /** When the resolution is due (null: no target). */
  resolutionDueAt: z.iso.datetime().nullable(),
  status: z.string(),
  queueId: IdSchema.nullable(),
  userId: IdSchema.nullable(),
});
export type TicketServiceLevel = z.infer<typeof TicketServiceLevelSchema>;

export const ServiceLevelChanged = defineEvent('tickets.service-level.changed', TicketServiceLevelSchema, {
  description: 'An open ticket came near or past a service-level target of its queue, or is back within them.',
});

export const TicketsServiceLevelTopic = defineTopic({
  name: 'tickets.service-level.v1',
  realtime: true,
  owner: 'tickets',
  aggregate: 'service-level',
  key: 'ticketId',
  description: 'Service-level standing of open tickets (company-{id}-serviceLevel).',
  events: [ServiceLevelChanged],
});

export const ticketsServiceLevelTopics = [TicketsServiceLevelTopic] as const;
