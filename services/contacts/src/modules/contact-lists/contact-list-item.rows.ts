import type { ContactListItemSnapshot } from '@cs/proto/events';
import type { RowReader } from '@cs/platform/database';

/** The columns of `contact_list_items` (aliased `i`) that {@link readContactListItem} reads. */
export const CONTACT_LIST_ITEM_COLUMNS = `i.id, i.company_id, i.contact_list_id, i.name, i.number, i.email,
  i.is_whatsapp_valid, i.created_at, i.updated_at`;

/** One list item's snapshot from a raw row of {@link CONTACT_LIST_ITEM_COLUMNS}. */
export const readContactListItem = (r: RowReader): ContactListItemSnapshot => ({
  id: r.int('id'),
  companyId: r.int('company_id'),
  contactListId: r.int('contact_list_id'),
  name: r.string('name'),
  number: r.string('number'),
  email: r.string('email'),
  isWhatsappValid: r.nullable('is_whatsapp_valid', r.boolean),
  createdAt: r.isoDate('created_at'),
  updatedAt: r.isoDate('updated_at'),
});
