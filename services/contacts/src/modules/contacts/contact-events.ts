import { Injectable } from '@nestjs/common';
import type { CompanyId } from '@cs/proto/common';
import { ContactCreated, ContactDeleted, type ContactSnapshot, ContactUpdated } from '@cs/proto/events';
import { EventPublisher } from '@cs/platform/events';

/** Writes `contacts.contact.v1` events (keyed by contact id) to the outbox of the current transaction. */
@Injectable()
export class ContactEvents {
  constructor(private readonly events: EventPublisher) {}

  async created(companyId: CompanyId, snapshots: readonly ContactSnapshot[], causationId?: string): Promise<void> {
    await this.emit(ContactCreated, companyId, snapshots, causationId);
  }

  async updated(companyId: CompanyId, snapshots: readonly ContactSnapshot[], causationId?: string): Promise<void> {
    await this.emit(ContactUpdated, companyId, snapshots, causationId);
  }

  async deleted(companyId: CompanyId, id: number): Promise<void> {
    await this.events.emit(ContactDeleted, { companyId, key: id, data: { id } });
  }

  private async emit(
    definition: typeof ContactCreated | typeof ContactUpdated,
    companyId: CompanyId,
    snapshots: readonly ContactSnapshot[],
    causationId: string | undefined,
  ): Promise<void> {
    await this.events.emitAll(
      snapshots.map((data) => ({
        definition,
        input: { companyId, key: data.id, data, ...(causationId ? { causationId } : {}) },
      })),
    );
  }
}
