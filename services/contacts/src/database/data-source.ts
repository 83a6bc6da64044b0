import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '@cs/platform/database';
import { ContactImportEntity } from '../modules/contact-imports/contact-import.entity.js';
import { ContactListItemEntity } from '../modules/contact-lists/contact-list-item.entity.js';
import { ContactListEntity } from '../modules/contact-lists/contact-list.entity.js';
import { ContactExtraInfoEntity } from '../modules/contacts/contact-extra-info.entity.js';
import { ContactEntity } from '../modules/contacts/contact.entity.js';
import { ContactsMigrations } from './migrations/index.js';

export const CONTACTS_SCHEMA = 'contacts';

/** The one DataSource of contacts, for the app and for the migration step. */
export function createContactsDataSource(config: {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number | undefined;
}): DataSource {
  return createServiceDataSource({
    url: config.DATABASE_URL,
    schema: CONTACTS_SCHEMA,
    entities: [ContactEntity, ContactExtraInfoEntity, ContactListEntity, ContactListItemEntity, ContactImportEntity],
    migrations: ContactsMigrations,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: 'contacts',
  });
}
