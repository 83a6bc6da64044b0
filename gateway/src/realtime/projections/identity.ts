import type { EventOf } from '@cs/proto/common';
import type {
  AnnouncementCreated,
  AnnouncementDeleted,
  AnnouncementUpdated,
  CompanyCreated,
  CompanyDeleted,
  CompanyRenewed,
  CompanyUpdated,
  SettingUpdated,
  UserCreated,
  UserDeleted,
  UserLoggedIn,
  UserSessionsRevoked,
  UserUpdated,
} from '@cs/proto/events';
import { maskSecretSetting } from '@cs/proto/http';
import { channel, room } from '@cs/proto/realtime';
import type { Emission, UserSnapshotEmission } from '../emission.js';

export function projectUser(
  event:
    | EventOf<typeof UserCreated>
    | EventOf<typeof UserUpdated>
    | EventOf<typeof UserDeleted>
    | EventOf<typeof UserLoggedIn>
    | EventOf<typeof UserSessionsRevoked>,
): Array<Emission | UserSnapshotEmission> {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  switch (event.type) {
    // the snapshot stands in for the serialized user (queues, company), which the consumer fetches from identity
    case 'identity.user.created':
      return [{ event: channel.user(companyId), action: 'create', userSnapshot: event.data, rooms }];
    case 'identity.user.updated':
      // presence is not a user update (a client that replaces its user with the event's would lose it)
      if (event.data.change === 'presence') return [];
      return [{ event: channel.user(companyId), action: 'update', userSnapshot: event.data, rooms }];
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
      // an integration credential never goes to the company's sockets (every user listens there)
      payload: {
        action: 'update',
        setting: { key: event.data.key, value: maskSecretSetting(event.data.key, event.data.value) },
      },
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

/**
 * A company's events update the gateway's own state (RealtimeConsumer); browsers hear only a renewal, as the
 * spec's `company-{id}-payment` `{action: "CONCLUIDA", company}` to that company's sockets.
 */
export function projectCompany(
  event:
    | EventOf<typeof CompanyCreated>
    | EventOf<typeof CompanyUpdated>
    | EventOf<typeof CompanyDeleted>
    | EventOf<typeof CompanyRenewed>,
): Emission[] {
  if (event.type !== 'identity.company.renewed' || event.data.id !== event.companyId) return [];
  return [
    {
      event: channel.payment(event.companyId),
      payload: { action: 'CONCLUIDA', company: event.data },
      rooms: [room.mainChannel(event.companyId)],
    },
  ];
}
