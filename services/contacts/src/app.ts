import { Module, type DynamicModule } from '@nestjs/common';
import type { ServiceDefinition } from '@cs/platform/bootstrap';
import { PlatformModule } from '@cs/platform/bootstrap';
import { type ContactsConfig, ContactsEnvSchema } from './config/env.js';
import { createContactsDataSource } from './database/data-source.js';
import { ContactImportsModule } from './modules/contact-imports/contact-imports.module.js';
import { ContactListsModule } from './modules/contact-lists/contact-lists.module.js';
import { ContactsModule } from './modules/contacts/contacts.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { WhatsappContactsModule } from './modules/whatsapp-contacts/whatsapp-contacts.module.js';

@Module({})
export class ContactsAppModule {
  static forRoot(
    config: ContactsConfig,
    logger: Parameters<typeof PlatformModule.forRoot>[0]['logger'],
  ): DynamicModule {
    return {
      module: ContactsAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'contacts',
          config,
          logger,
          database: () => createContactsDataSource(config),
          events: { consumerGroup: 'contacts.main', persistence: 'database' },
          jobs: { schema: config.CONTACTS_JOBS_SCHEMA },
        }),
        // Import routes first: `/contacts/import` and `/contacts/imports/{id}` before `/contacts/{id}`.
        ContactImportsModule,
        ContactsModule,
        ContactListsModule,
        WhatsappContactsModule,
        PrivacyModule,
      ],
    };
  }
}

export const contactsService: ServiceDefinition<typeof ContactsEnvSchema> = {
  name: 'contacts',
  envSchema: ContactsEnvSchema,
  rootModule: (config, logger) => ContactsAppModule.forRoot(config, logger),
  port: (config) => config.CONTACTS_PORT,
};
