import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import {
  ContactsContactListTopic,
  IdentityCompanyTopic,
  IdentitySettingsTopic,
  TicketsTagTopic,
  TicketsTicketTopic,
  type TicketSnapshot,
  type TypedEvent,
  WhatsappConnectionTopic,
} from '@cs/proto/events';
import { OnTopic, OnTopicBatches } from '@cs/platform/events/transport';
import { ProjectionsRepository } from './projections.repository.js';

/**
 * Keeps the local projections campaigns needs: companies (plan flag, `campaignsEnabled`, time zone),
 * connections (names), contact lists and their items (audiences), tags (which a tag campaign may name) and
 * tickets' contacts with their tags.
 */
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
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(IdentitySettingsTopic)
  async onSetting(event: TypedEvent<typeof IdentitySettingsTopic>): Promise<void> {
    await this.projections.updateSetting(asCompanyId(event.companyId), event.data.key, event.data.value);
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

  @OnTopic(ContactsContactListTopic)
  async onContactList(event: TypedEvent<typeof ContactsContactListTopic>): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    switch (event.type) {
      case 'contacts.contact-list.created':
      case 'contacts.contact-list.updated':
        await this.projections.upsertList(event.data);
        return;
      case 'contacts.contact-list.deleted':
        await this.projections.deleteList(companyId, event.data.id);
        return;
      case 'contacts.contact-list-item.created':
      case 'contacts.contact-list-item.updated':
        await this.projections.upsertItem(event.data);
        return;
      case 'contacts.contact-list-item.deleted':
        await this.projections.deleteItem(companyId, event.data.id);
        return;
      default:
        assertUnreachable(event);
    }
  }

  @OnTopic(TicketsTagTopic)
  async onTag(event: TypedEvent<typeof TicketsTagTopic>): Promise<void> {
    switch (event.type) {
      case 'tickets.tag.created':
      case 'tickets.tag.updated':
        await this.projections.upsertTag(event.data.companyId, event.data.id);
        return;
      case 'tickets.tag.deleted':
        await this.projections.deleteTag(asCompanyId(event.companyId), event.data.id);
        return;
      default:
        assertUnreachable(event);
    }
  }

  /**
   * Every ticket change of every company (one per inbound message), a partition's batch at once: the audience rows
   * in one statement, unchanged ones not rewritten.
   */
  @OnTopicBatches(TicketsTicketTopic)
  async onTickets(events: ReadonlyArray<TypedEvent<typeof TicketsTicketTopic>>): Promise<void> {
    let changed: TicketSnapshot[] = [];
    for (const event of events) {
      switch (event.type) {
        case 'tickets.ticket.created':
        case 'tickets.ticket.updated':
          changed.push(event.data.ticket);
          break;
        case 'tickets.ticket.deleted':
          await this.projections.upsertTickets(changed);
          changed = [];
          await this.projections.deleteTicket(asCompanyId(event.companyId), event.data.id);
          break;
        case 'tickets.ticket.unread-reset':
          break;
        default:
          assertUnreachable(event);
      }
    }
    await this.projections.upsertTickets(changed);
  }
}
