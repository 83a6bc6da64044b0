import type { EventOf } from '@cs/proto/common';
import type {
  ContactCreated,
  ContactDeleted,
  ContactListCreated,
  ContactListDeleted,
  ContactListItemCreated,
  ContactListItemDeleted,
  ContactListItemUpdated,
  ContactListUpdated,
  ContactUpdated,
  ImportProgressed,
} from '@cs/proto/events';
import { channel, room } from '@cs/proto/realtime';
import type { Emission } from '../emission.js';

export function projectContact(
  event: EventOf<typeof ContactCreated> | EventOf<typeof ContactUpdated> | EventOf<typeof ContactDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  const name = channel.contact(companyId);
  switch (event.type) {
    case 'contacts.contact.created':
      return [{ event: name, payload: { action: 'create', contact: event.data }, rooms }];
    case 'contacts.contact.updated':
      return [{ event: name, payload: { action: 'update', contact: event.data }, rooms }];
    case 'contacts.contact.deleted':
      return [{ event: name, payload: { action: 'delete', contactId: event.data.id }, rooms }];
  }
}

export function projectContactList(
  event:
    | EventOf<typeof ContactListCreated>
    | EventOf<typeof ContactListUpdated>
    | EventOf<typeof ContactListDeleted>
    | EventOf<typeof ContactListItemCreated>
    | EventOf<typeof ContactListItemUpdated>
    | EventOf<typeof ContactListItemDeleted>,
): Emission[] {
  const companyId = event.companyId;
  const rooms = [room.mainChannel(companyId)];
  switch (event.type) {
    case 'contacts.contact-list.created':
      return [{ event: channel.contactList(companyId), payload: { action: 'create', record: event.data }, rooms }];
    case 'contacts.contact-list.updated':
      return [{ event: channel.contactList(companyId), payload: { action: 'update', record: event.data }, rooms }];
    case 'contacts.contact-list.deleted':
      return [{ event: channel.contactList(companyId), payload: { action: 'delete', id: event.data.id }, rooms }];
    case 'contacts.contact-list-item.created':
    case 'contacts.contact-list-item.updated': {
      const action: 'create' | 'update' = event.type === 'contacts.contact-list-item.created' ? 'create' : 'update';
      const payload = { action, record: event.data };
      return [
        { event: channel.contactListItem(companyId), payload, rooms },
        { event: channel.contactListItemOfList(companyId, event.data.contactListId), payload, rooms },
      ];
    }
    case 'contacts.contact-list-item.deleted': {
      const payload = { action: 'delete' as const, id: event.data.id };
      return [
        { event: channel.contactListItem(companyId), payload, rooms },
        { event: channel.contactListItemOfList(companyId, event.data.contactListId), payload, rooms },
      ];
    }
  }
}

export function projectImport(event: EventOf<typeof ImportProgressed>): Emission[] {
  return [
    {
      event: channel.contactImport(event.companyId),
      payload: { action: event.data.done ? 'done' : 'progress', ...event.data },
      rooms: [room.mainChannel(event.companyId)],
    },
  ];
}
