import type { EventOf } from '@cs/proto/common';
import type {
  AnnouncementCreated,
  AnnouncementDeleted,
  AnnouncementUpdated,
  SettingUpdated,
  UserCreated,
  UserDeleted,
  UserLoggedIn,
  UserSessionsRevoked,
  UserUpdated,
} from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

export function projectUser(
  event:
    | EventOf<typeof UserCreated>
    | EventOf<typeof UserUpdated>
    | EventOf<typeof UserDeleted>
    | EventOf<typeof UserLoggedIn>
    | EventOf<typeof UserSessionsRevoked>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  switch (event.type) {
    case 'identity.user.created':
      return [{ event: channel.user(companyId), payload: { action: 'create', user: event.data }, rooms }];
    case 'identity.user.updated':
      return [{ event: channel.user(companyId), payload: { action: 'update', user: event.data }, rooms }];
    case 'identity.user.deleted':
      return [{ event: channel.user(companyId), payload: { action: 'delete', userId: event.data.id }, rooms }];
    case 'identity.user.logged-in':
      // the spec's "another login" notice, to the user's other browsers (the new session is not told)
      return [
        {
          event: channel.auth(companyId),
          payload: { action: 'update', user: { id: event.data.id, email: event.data.email, companyId } },
          rooms: [room.user(event.data.id)],
          exceptSessions: [event.data.sessionId],
        },
      ];
    case 'identity.user.sessions-revoked':
      return []; // the sockets of ended sessions are disconnected (see RealtimeConsumer)
  }
}

export function projectSetting(event: EventOf<typeof SettingUpdated>): Emission[] {
  return [
    {
      event: channel.settings(event.companyId),
      payload: { action: 'update', setting: event.data },
      rooms: [room.mainChannel(event.companyId)],
    },
  ];
}

export function projectAnnouncement(
  event:
    EventOf<typeof AnnouncementCreated> | EventOf<typeof AnnouncementUpdated> | EventOf<typeof AnnouncementDeleted>,
): Emission[] {
  const name = channel.announcement();
  switch (event.type) {
    case 'identity.announcement.created':
      return [{ event: name, payload: { action: 'create', record: event.data }, rooms: [], everyone: true }];
    case 'identity.announcement.updated':
      return [{ event: name, payload: { action: 'update', record: event.data }, rooms: [], everyone: true }];
    case 'identity.announcement.deleted':
      return [{ event: name, payload: { action: 'delete', id: event.data.id }, rooms: [], everyone: true }];
  }
}
