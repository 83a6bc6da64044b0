import { Controller } from '@nestjs/common';
import { asCompanyId, assertUnreachable } from '@cs/proto/common';
import { type TypedEvent, WhatsappConnectionTokenTopic, WhatsappContactTopic } from '@cs/proto/events';
import { OnTopic } from '@cs/platform/events/transport';
import { ExternalApiRepository } from './external-api.repository.js';

/** The connector's facts the external API needs: token digests and the answers to its number checks. */
@Controller()
export class ExternalApiConsumer {
  constructor(private readonly store: ExternalApiRepository) {}

  @OnTopic(WhatsappConnectionTokenTopic)
  async onToken(event: TypedEvent<typeof WhatsappConnectionTokenTopic>): Promise<void> {
    const { connectionId, tokenSha256, weak } = event.data;
    await this.store.setToken(asCompanyId(event.companyId), connectionId, tokenSha256, weak);
  }

  /** Only the answers to our own checks matter here (contacts keeps names, pictures and its own checks). */
  @OnTopic(WhatsappContactTopic)
  async onContactFacts(event: TypedEvent<typeof WhatsappContactTopic>): Promise<void> {
    switch (event.type) {
      case 'whatsapp.number.checked':
        await this.store.answerCheck(asCompanyId(event.companyId), event.data.commandId, {
          results: event.data.results,
          error: event.data.error,
        });
        return;
      case 'whatsapp.contact.upserted':
      case 'whatsapp.contacts.exported':
        return;
      default:
        assertUnreachable(event);
    }
  }
}
