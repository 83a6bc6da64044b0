import type { ContactListItemResponse, ContactListResponse } from '@cs/proto/http';
import type { ContactListItemEntity } from './contact-list-item.entity.js';
import type { ContactListEntity } from './contact-list.entity.js';

export type { ContactListItemResponse, ContactListResponse };

/** A list as its routes answer it and its events carry it (the `company-{id}-ContactList` record). */
export const toContactListSnapshot = (list: ContactListEntity, contactsCount: number): ContactListResponse => ({
  id: list.id,
  companyId: list.companyId,
  name: list.name,
  contactsCount,
  createdAt: new Date(list.createdAt).toISOString(),
  updatedAt: new Date(list.updatedAt).toISOString(),
});

export const toContactListResponse = toContactListSnapshot;

/** An item as its routes answer it and its events carry it (the `company-{id}-ContactListItem` record). */
export const toContactListItemSnapshot = (item: ContactListItemEntity): ContactListItemResponse => ({
  id: item.id,
  companyId: item.companyId,
  contactListId: item.contactListId,
  name: item.name,
  number: item.number,
  email: item.email,
  isWhatsappValid: item.isWhatsappValid,
  createdAt: new Date(item.createdAt).toISOString(),
  updatedAt: new Date(item.updatedAt).toISOString(),
});

export const toContactListItemResponse = toContactListItemSnapshot;
