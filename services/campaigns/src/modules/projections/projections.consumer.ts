import { Controller } from '@nestjs/common';
import { asCompanyId, type EventData } from '@cs/proto/common';
import {
  CompanyCreated,
  CompanyUpdated,
  ConnectionCreated,
  ConnectionUpdated,
  ContactListCreated,
  ContactListItemCreated,
  ContactListItemUpdated,
  ContactListUpdated,
  ContactsContactListTopic,
  IdentityCompanyTopic,
  IdentitySettingsTopic,
  SettingUpdated,
  TicketCreated,
  TicketUpdated,
  TicketsTicketTopic,
  WhatsappConnectionTopic,
} from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { ProjectionsRepository } from './projections.repository.js';

/** What an `@EventPattern` handler receives: an envelope already validated against its topic's schema. */
interface ConsumedEvent {
  readonly id: string;
  readonly type: string;
  readonly companyId: number;
  readonly data: unknown;
}

/**
 * Keeps the local projections campaigns needs: companies (plan flag, `campaignsEnabled`, time zone),
 * connections (names), contact lists and their items (audiences) and tickets' contacts with their tags.
 */
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

  @EventPattern<string>(ContactsContactListTopic.name)
  async onContactList(@Payload() event: ConsumedEvent): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    switch (event.type) {
      case ContactListCreated.type:
      case ContactListUpdated.type:
        await this.projections.upsertList(event.data as EventData<typeof ContactListCreated>);
        return;
      case 'contacts.contact-list.deleted':
        await this.projections.deleteList(companyId, (event.data as { id: number }).id);
        return;
      case ContactListItemCreated.type:
      case ContactListItemUpdated.type:
        await this.projections.upsertItem(event.data as EventData<typeof ContactListItemCreated>);
        return;
      case 'contacts.contact-list-item.deleted':
        await this.projections.deleteItem(companyId, (event.data as { id: number }).id);
        return;
    }
  }

  @EventPattern<string>(TicketsTicketTopic.name)
  async onTicket(@Payload() event: ConsumedEvent): Promise<void> {
    switch (event.type) {
      case TicketCreated.type:
      case TicketUpdated.type:
        await this.projections.upsertTicket((event.data as EventData<typeof TicketCreated>).ticket);
        return;
      case 'tickets.ticket.deleted':
        await this.projections.deleteTicket(asCompanyId(event.companyId), (event.data as { id: number }).id);
        return;
    }
  }
}
