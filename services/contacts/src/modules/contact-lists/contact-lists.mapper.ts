import type { ContactListItemSnapshot, ContactListSnapshot } from '@cs/proto/events';
import type { ContactListItemResponse, ContactListResponse } from '@cs/proto/http';
import type { ContactListItemEntity } from './contact-list-item.entity.js';
import type { ContactListEntity } from './contact-list.entity.js';

export type { ContactListItemResponse, ContactListResponse };

export const toContactListSnapshot = (list: ContactListEntity, contactsCount: number): ContactListSnapshot => ({
  id: list.id,
  companyId: list.companyId,
  name: list.name,
  contactsCount,
});

export const toContactListResponse = (list: ContactListEntity, contactsCount: number): ContactListResponse => ({
  ...toContactListSnapshot(list, contactsCount),
  createdAt: new Date(list.createdAt).toISOString(),
  updatedAt: new Date(list.updatedAt).toISOString(),
});

export const toContactListItemSnapshot = (item: ContactListItemEntity): ContactListItemSnapshot => ({
  id: item.id,
  companyId: item.companyId,
  contactListId: item.contactListId,
  name: item.name,
  number: item.number,
  email: item.email,
  isWhatsappValid: item.isWhatsappValid,
});

export const toContactListItemResponse = (item: ContactListItemEntity): ContactListItemResponse => ({
  ...toContactListItemSnapshot(item),
  createdAt: new Date(item.createdAt).toISOString(),
  updatedAt: new Date(item.updatedAt).toISOString(),
});
