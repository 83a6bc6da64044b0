import type { EventOf } from '@cs/proto/common';
import { Injectable } from '@nestjs/common';
import { asCompanyId } from '@cs/proto/common';
import {
  type ContactSnapshot,
  InboundMessageResolved,
  type ResolvedSource,
  WhatsappInboundMessageTopic,
} from '@cs/proto/events';
import { TransactionHost } from '@cs/platform/database';
import { type EmitInput, EventPublisher } from '@cs/platform/events';
import { inEventContext } from '@cs/platform/events/transport';
import { ContactResolver, keysOf, type WhatsappFacts } from '../contact-resolver.js';

type InboundEvent = EventOf<(typeof WhatsappInboundMessageTopic.events)[number]>;

/**
 * The hot inbound path (ADR 0003): upserts the contact (and the group contact) of a
 * `whatsapp.inbound-message.v1` event and publishes `contacts.inbound-message.resolved` with the original event
 * and the contact snapshots, keyed `connectionId:chatJid` like its source so per-chat order holds. Runs inside
 * the consumer's inbox transaction: one transaction, indexed lookups, exactly one effect per event.
 */
@Injectable()
export class ResolveInboundMessageUseCase {
  constructor(
    private readonly transactions: TransactionHost,
    private readonly resolver: ContactResolver,
    private readonly events: EventPublisher,
  ) {}

  /**
   * A batch of events (one partition's, in order) in the current transaction. The usual case, a message from a
   * person whose contact it changes nothing of, is looked up for the whole batch at once (`unchangedPeople`) and
   * published with one outbox write; every other event (a group, a new or changed contact) goes through `execute`
   * in order, and so does any later event of a number or LID that such an event may have written. Events are
   * published in their order.
   */
  async executeMany(events: readonly InboundEvent[]): Promise<void> {
    await this.transactions.run(async () => {
      const unchanged = new Map<InboundEvent, ContactSnapshot>();
      const byCompany = new Map<number, InboundEvent[]>();
      for (const event of events) {
        if (!event.data.isGroup) byCompany.set(event.companyId, [...(byCompany.get(event.companyId) ?? []), event]);
      }
      for (const [companyId, group] of byCompany) {
        const found = await this.resolver.unchangedPeople(
          asCompanyId(companyId),
          group.map((event) => ({ party: event.data.contact, facts: factsOf(event) })),
        );
        group.forEach((event, index) => {
          const snapshot = found[index];
          if (snapshot) unchanged.set(event, snapshot);
        });
      }
      const written = new Set<string>();
      let pending: Array<EmitInput<typeof InboundMessageResolved>> = [];
      const flush = async (): Promise<void> => {
        if (pending.length > 0) {
          await this.events.emitAll(pending.map((input) => ({ definition: InboundMessageResolved, input })));
        }
        pending = [];
      };
      for (const event of events) {
        const keys = keysOf(event.data.contact);
        const touched = [`${event.companyId}:n:${keys.number}`, `${event.companyId}:l:${keys.lid ?? ''}`];
        const snapshot = unchanged.get(event);
        if (snapshot && !touched.some((key) => written.has(key))) {
          pending.push(this.resolved(event, snapshot, null));
          continue;
        }
        await flush();
        await inEventContext(event, () => this.execute(event));
        for (const key of touched) written.add(key);
      }
      await flush();
    });
  }

  async execute(event: InboundEvent): Promise<void> {
    const companyId = asCompanyId(event.companyId);
    const data = event.data;
    await this.transactions.run(async () => {
      const groupContact = data.isGroup
        ? await this.resolver.group(
            companyId,
            data.chatJid,
            { connectionId: data.connectionId, name: data.groupName },
            event.id,
          )
        : null;
      const contact = await this.resolver.person(companyId, data.contact, factsOf(event), event.id);
      await this.events.emit(InboundMessageResolved, this.resolved(event, contact, groupContact));
    });
  }

  private resolved(
    event: InboundEvent,
    contact: ContactSnapshot,
    groupContact: ContactSnapshot | null,
  ): EmitInput<typeof InboundMessageResolved> {
    const data = event.data;
    return {
      companyId: event.companyId,
      key: `${data.connectionId}:${data.chatJid}`,
      causationId: event.id,
      correlationId: event.correlationId,
      data: { sourceEventId: event.id, source: { type: event.type, data } as ResolvedSource, contact, groupContact },
    };
  }
}

/** What WhatsApp told of the sender. A message we sent from the phone names the recipient with our own push name. */
function factsOf(event: InboundEvent): WhatsappFacts {
  const data = event.data;
  const fromMe = 'fromMe' in data && data.fromMe;
  return { connectionId: data.connectionId, name: fromMe ? null : data.contact.pushName };
}
