import type { EventOf } from '@cs/proto/common';
import type { ServiceLevelChanged } from '@cs/proto/events';
import { channel } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';
import { ticketRooms } from './tickets.js';

/** `company-{id}-serviceLevel` to the rooms that list the ticket where it is (and its open chat). */
export function projectServiceLevel(event: EventOf<typeof ServiceLevelChanged>): Emission[] {
  const level = event.data;
  return [
    {
      event: channel.serviceLevel(event.companyId),
      payload: { action: 'update', serviceLevel: level },
      rooms: ticketRooms(event.companyId, {
        id: level.ticketId,
        status: level.status,
        queueId: level.queueId,
        userId: level.userId,
      }),
    },
  ];
}
