import { Controller } from '@nestjs/common';
import { OnTopic } from '@cs/platform/events/transport';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import {
  ContactsContactTopic,
  IdentityCompanyTopic,
  IdentitySettingsTopic,
  IdentityUserTopic,
  type TypedEvent,
  WhatsappConnectionTopic,
} from '@cs/proto/events';
import { ProjectionsRepository } from './projections.repository.js';

/** Keeps the local projections of companies, settings, users, connections and contacts up to date. */
@Controller()
export class ProjectionsConsumer {
  constructor(private readonly projections: ProjectionsRepository) {}

  @OnTopic(IdentityCompanyTopic)
  async onCompany(event: TypedEvent<typeof IdentityCompanyTopic>): Promise<void> {
    switch (event.type) {
      case 'identity.company.created':
      case 'identity.company.updated':
        await this.projections.upsertCompany(event.data);
        return;
      case 'identity.company.deleted':
        await this.projections.deleteCompany(asCompanyId(event.companyId));
        return;
      case 'identity.company.renewed':
        return; // the due date is not projected here
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(IdentitySettingsTopic)
  async onSetting(event: TypedEvent<typeof IdentitySettingsTopic>): Promise<void> {
    await this.projections.updateSetting(asCompanyId(event.companyId), event.data.key, event.data.value);
  }

  @OnTopic(IdentityUserTopic)
  async onUser(event: TypedEvent<typeof IdentityUserTopic>): Promise<void> {
    switch (event.type) {
      case 'identity.user.created':
      case 'identity.user.updated':
        await this.projections.upsertUser(event.data);
        return;
      case 'identity.user.deleted':
        await this.projections.deleteUser(asCompanyId(event.companyId), event.data.id);
        return;
      case 'identity.user.logged-in':
      case 'identity.user.sessions-revoked':
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(WhatsappConnectionTopic)
  async onConnection(event: TypedEvent<typeof WhatsappConnectionTopic>): Promise<void> {
    switch (event.type) {
      case 'whatsapp.connection.created':
      case 'whatsapp.connection.updated':
      case 'whatsapp.session.updated':
        await this.projections.upsertConnection(event.data);
        return;
      case 'whatsapp.connection.deleted':
        await this.projections.deleteConnection(asCompanyId(event.companyId), event.data.id);
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(ContactsContactTopic)
  async onContact(event: TypedEvent<typeof ContactsContactTopic>): Promise<void> {
    switch (event.type) {
      case 'contacts.contact.created':
      case 'contacts.contact.updated':
        await this.projections.upsertContact(event.data);
        return;
      case 'contacts.contact.deleted':
        await this.projections.deleteContact(asCompanyId(event.companyId), event.data.id);
        return;
      default:
        assertUnreachable(event);
    }
  }
}
