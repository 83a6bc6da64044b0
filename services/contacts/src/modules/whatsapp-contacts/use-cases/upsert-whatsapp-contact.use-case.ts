import type { EventOf } from '@cs/proto/common';
import { Injectable } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { ContactUpserted } from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { ContactResolver } from '../contact-resolver.js';

/**
 * `whatsapp.contact.upserted`: WhatsApp told a name or picture (a chat's contact, a group, or the phone's
 * address book during "import from phone"). Creates the contact when new, else refreshes its picture and its
 * name unless a person set it.
 */
@Injectable()
export class UpsertWhatsappContactUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly resolver: ContactResolver,
  ) {}

  async execute(event: EventOf<typeof ContactUpserted>): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    const { connectionId, contact, isGroup, name, profilePicUrl } = event.data;
    const facts = { connectionId, name: name ?? contact.pushName, profilePicUrl };
    await this.transactions.run(async () => {
      if (isGroup) await this.resolver.group(companyId, contact.jid, facts, event.id);
      else await this.resolver.person(companyId, contact, facts, event.id);
    });
  }
}
