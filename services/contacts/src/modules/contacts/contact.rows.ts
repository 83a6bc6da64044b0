import type { RowReader } from '@cs/platform/database';
import { ContactEntity, type WhatsappStatus } from './contact.entity.js';

const WHATSAPP_STATUSES = ['unknown', 'checking', 'valid', 'invalid'] as const satisfies readonly WhatsappStatus[];

/** A contact from a raw row of `contacts` (`SELECT *` or `RETURNING *`). */
export const readContactEntity = (r: RowReader): ContactEntity =>
  Object.assign(new ContactEntity(), {
    id: r.int('id'),
    companyId: r.int('company_id'),
    name: r.string('name'),
    number: r.string('number'),
    email: r.string('email'),
    profilePicUrl: r.nullable('profile_pic_url', r.string),
    isGroup: r.boolean('is_group'),
    lid: r.nullable('lid', r.string),
    whatsappId: r.nullable('whatsapp_id', r.int),
    whatsappStatus: r.oneOf('whatsapp_status', WHATSAPP_STATUSES),
    whatsappJid: r.nullable('whatsapp_jid', r.string),
    whatsappCheckId: r.nullable('whatsapp_check_id', r.string),
    nameLocked: r.boolean('name_locked'),
    pictureRequestedAt: r.nullable('picture_requested_at', r.date),
    createdAt: r.date('created_at'),
    updatedAt: r.date('updated_at'),
  });
