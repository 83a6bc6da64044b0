import type { EventOf } from '@cs/proto/common';
import type { ConnectionCreated, ConnectionDeleted, ConnectionUpdated, SessionUpdated } from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

export function projectConnection(
  event:
    | EventOf<typeof ConnectionCreated>
    | EventOf<typeof ConnectionUpdated>
    | EventOf<typeof ConnectionDeleted>
    | EventOf<typeof SessionUpdated>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  switch (event.type) {
    case 'whatsapp.connection.created':
    case 'whatsapp.connection.updated':
      return [{ event: channel.whatsapp(companyId), payload: { action: 'update', whatsapp: event.data }, rooms }];
    case 'whatsapp.connection.deleted':
      return [{ event: channel.whatsapp(companyId), payload: { action: 'delete', whatsappId: event.data.id }, rooms }];
    case 'whatsapp.session.updated':
      return [{ event: channel.whatsappSession(companyId), payload: { action: 'update', session: event.data }, rooms }];
  }
}
