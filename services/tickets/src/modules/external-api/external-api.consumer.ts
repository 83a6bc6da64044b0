import type { EventOf } from '@cs/proto/common';
import { Controller } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import { WhatsappConnectionTokenTopic, WhatsappContactTopic } from '@cs/proto/events';
import { EventPattern, Payload } from '@cs/platform/events';
import { ExternalApiRepository } from './external-api.repository.js';

/** The connector's facts the external API needs: connection tokens and the answers to its number checks. */
@Controller()
export class ExternalApiConsumer {
  constructor(private readonly store: ExternalApiRepository) {}

  @EventPattern(WhatsappConnectionTokenTopic.name)
  async onToken(@Payload() payload: object): Promise<void> {
    const event = payload as EventOf<(typeof WhatsappConnectionTokenTopic.events)[number]>;
    await this.store.setToken(asCompanyId(event.companyId), event.data.connectionId, event.data.token);
  }

  /** Only the answers to our own checks matter here (contacts keeps names, pictures and its own checks). */
  @EventPattern(WhatsappContactTopic.name)
  async onContactFacts(@Payload() payload: object): Promise<void> {
    const event = payload as EventOf<(typeof WhatsappContactTopic.events)[number]>;
    if (event.type !== 'whatsapp.number.checked') return;
    await this.store.answerCheck(asCompanyId(event.companyId), event.data.commandId, {
      results: event.data.results,
      error: event.data.error,
    });
  }
}
