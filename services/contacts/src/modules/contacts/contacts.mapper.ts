import type { ContactSnapshot } from '@cs/proto/events';
import type { ContactResponse } from '@cs/proto/http';
import type { ContactEntity } from './contact.entity.js';
import type { ContactExtraInfoEntity } from './contact-extra-info.entity.js';

export const toContactSnapshot = (
  contact: ContactEntity,
  extraInfo: readonly Pick<ContactExtraInfoEntity, 'id' | 'name' | 'value'>[] = [],
): ContactSnapshot => ({
  id: contact.id,
  companyId: contact.companyId,
  name: contact.name,
  number: contact.number,
  email: contact.email,
  profilePicUrl: contact.profilePicUrl,
  isGroup: contact.isGroup,
  lid: contact.lid,
  extraInfo: extraInfo.map((info) => ({ id: info.id, name: info.name, value: info.value })),
  whatsappStatus: contact.whatsappStatus,
  whatsappJid: contact.whatsappJid,
  createdAt: new Date(contact.createdAt).toISOString(),
  updatedAt: new Date(contact.updatedAt).toISOString(),
});

export type { ContactResponse };

export const toContactResponse = (
  snapshot: ContactSnapshot,
  contact: Pick<ContactEntity, 'whatsappId'>,
): ContactResponse => ({
  ...snapshot,
  urlPicture: snapshot.profilePicUrl,
  whatsappId: contact.whatsappId,
});
