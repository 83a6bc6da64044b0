import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@cs/platform/events';
import type { ConsumedEvent } from '../consumed-event.js';
import { asCompanyId, type EventData } from '@cs/proto/common';
import {
  CompanyCreated,
  CompanyUpdated,
  ConnectionCreated,
  ConnectionUpdated,
  ContactCreated,
  ContactUpdated,
  ContactsContactTopic,
  IdentityCompanyTopic,
  IdentitySettingsTopic,
  IdentityUserTopic,
  SettingUpdated,
  UserCreated,
  UserUpdated,
  WhatsappConnectionTopic,
} from '@cs/proto/events';
import { ProjectionsRepository } from './projections.repository.js';

/** Keeps the local projections of companies, settings, users, connections and contacts up to date. */
@Controller()
export class ProjectionsConsumer {
  constructor(private readonly projections: ProjectionsRepository) {}

  @EventPattern<string>(IdentityCompanyTopic.name)
  async onCompany(@Payload() event: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case CompanyCreated.type:
      case CompanyUpdated.type:
        await this.projections.upsertCompany(event.data as EventData<typeof CompanyCreated>);
        return;
      case 'identity.company.deleted':
        await this.projections.deleteCompany(asCompanyId(event.companyId));
        return;
    }
  }

  @EventPattern<string>(IdentitySettingsTopic.name)
  async onSetting(@Payload() event: ConsumedEvent): Promise<void> {
    if (event.type !== SettingUpdated.type) return;
    const data = event.data as EventData<typeof SettingUpdated>;
    await this.projections.updateSetting(asCompanyId(event.companyId), data.key, data.value);
  }

  @EventPattern<string>(IdentityUserTopic.name)
  async onUser(@Payload() event: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case UserCreated.type:
      case UserUpdated.type:
        await this.projections.upsertUser(event.data as EventData<typeof UserCreated>);
        return;
      case 'identity.user.deleted':
        await this.projections.deleteUser(asCompanyId(event.companyId), (event.data as { id: number }).id);
        return;
    }
  }

  @EventPattern<string>(WhatsappConnectionTopic.name)
  async onConnection(@Payload() event: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case ConnectionCreated.type:
      case ConnectionUpdated.type:
      case 'whatsapp.session.updated':
        await this.projections.upsertConnection(event.data as EventData<typeof ConnectionCreated>);
        return;
      case 'whatsapp.connection.deleted':
        await this.projections.deleteConnection(asCompanyId(event.companyId), (event.data as { id: number }).id);
        return;
    }
  }

  @EventPattern<string>(ContactsContactTopic.name)
  async onContact(@Payload() event: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case ContactCreated.type:
      case ContactUpdated.type:
        await this.projections.upsertContact(event.data as EventData<typeof ContactCreated>);
        return;
      case 'contacts.contact.deleted':
        await this.projections.deleteContact(asCompanyId(event.companyId), (event.data as { id: number }).id);
        return;
    }
  }
}
