import type { EventOf } from '@cs/proto/common';
import type { ErasureRequestUpdated } from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

/** `company-{id}-erasureRequest` to the company's admins: the request as the list of requests answers it. */
export function projectErasureRequest(event: EventOf<typeof ErasureRequestUpdated>): Emission[] {
  return [
    {
      event: channel.erasureRequest(event.companyId),
      payload: { action: 'update', request: event.data },
      rooms: [room.companyAdmins(event.companyId)],
    },
  ];
}
