import { PRIVACY_SERVICES, type PrivacyService } from '@cs/proto/events';
import type { ErasureRequest, ErasureServiceStatus } from '@cs/proto/http';

/** One service's part of an erasure request, as `erasure_requests.services` stores it (keyed by service). */
export interface StoredServiceStatus {
  readonly status: 'pending' | 'confirmed';
  readonly confirmedAt: string | null;
  readonly removed: Record<string, number>;
}
export type StoredServices = Partial<Record<PrivacyService, StoredServiceStatus>>;

/** A new request: contacts confirmed (it anonymised the contact in the request's own transaction), others pending. */
export function newRequestServices(contactsRemoved: Record<string, number>, at: Date): StoredServices {
  return Object.fromEntries(
    PRIVACY_SERVICES.map((service) => [
      service,
      service === 'contacts'
        ? { status: 'confirmed', confirmedAt: at.toISOString(), removed: contactsRemoved }
        : { status: 'pending', confirmedAt: null, removed: {} },
    ]),
  );
}

/**
 * A service's confirmation applied to the stored statuses. The first confirmation of a service counts (a
 * redelivered or repeated one changes nothing); the request is done once every service confirmed.
 */
export function confirmService(
  services: StoredServices,
  service: PrivacyService,
  removed: Record<string, number>,
  at: Date,
): { services: StoredServices; done: boolean } {
  const current = services[service];
  const next: StoredServices =
    current?.status === 'confirmed'
      ? services
      : { ...services, [service]: { status: 'confirmed', confirmedAt: at.toISOString(), removed } };
  return { services: next, done: PRIVACY_SERVICES.every((name) => next[name]?.status === 'confirmed') };
}

export interface ErasureRequestRow {
  readonly id: string;
  readonly contactId: number;
  readonly requestedBy: number;
  readonly status: 'pending' | 'done';
  readonly services: StoredServices;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}

/** The answer of the erasure routes: every holding service in a fixed order. */
export function toErasureRequest(row: ErasureRequestRow): ErasureRequest {
  const services: ErasureServiceStatus[] = PRIVACY_SERVICES.map((service) => {
    const stored = row.services[service];
    return {
      service,
      status: stored?.status ?? 'pending',
      confirmedAt: stored?.confirmedAt ?? null,
      removed: stored?.removed ?? {},
    };
  });
  return {
    id: row.id,
    contactId: row.contactId,
    requestedBy: row.requestedBy,
    status: row.status,
    services,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}
