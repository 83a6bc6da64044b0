import { confirmService, newRequestServices, toErasureRequest } from './erasure-status.js';

const at = new Date('2026-12-01T13:05:00.000Z');
const later = new Date('2026-12-01T13:06:00.000Z');

describe('erasure request status', () => {
  it('starts with contacts confirmed and every other holding service pending', () => {
    const services = newRequestServices({ contacts: 1, extraInfo: 2 }, at);
    expect(services.contacts).toEqual({
      status: 'confirmed',
      confirmedAt: at.toISOString(),
      removed: { contacts: 1, extraInfo: 2 },
    });
    expect(services.tickets?.status).toBe('pending');
    expect(services.campaigns?.status).toBe('pending');
    expect(services['whatsapp-connector']?.status).toBe('pending');
  });

  it('is done only once every service confirmed, in any order', () => {
    let services = newRequestServices({}, at);
    let done: boolean;
    for (const service of ['whatsapp-connector', 'tickets'] as const) {
      ({ services, done } = confirmService(services, service, { messages: 3 }, later));
      expect(done).toBe(false);
    }
    ({ services, done } = confirmService(services, 'campaigns', { shippings: 1 }, later));
    expect(done).toBe(true);
    expect(services.campaigns).toEqual({
      status: 'confirmed',
      confirmedAt: later.toISOString(),
      removed: { shippings: 1 },
    });
  });

  it('keeps the first confirmation of a service when it is delivered again', () => {
    const first = confirmService(newRequestServices({}, at), 'tickets', { messages: 5 }, at);
    const again = confirmService(first.services, 'tickets', { messages: 0 }, later);
    expect(again.services.tickets).toEqual({
      status: 'confirmed',
      confirmedAt: at.toISOString(),
      removed: { messages: 5 },
    });
  });

  it('answers every service in a fixed order, pending where nothing is stored', () => {
    const answer = toErasureRequest({
      id: '0193a5f2-7c4e-7b1a-9d3e-00000000e001',
      contactId: 7,
      requestedBy: 3,
      status: 'pending',
      services: { tickets: { status: 'confirmed', confirmedAt: at.toISOString(), removed: { messages: 1 } } },
      createdAt: at,
      completedAt: null,
    });
    expect(answer.services.map((service) => [service.service, service.status])).toEqual([
      ['contacts', 'pending'],
      ['tickets', 'confirmed'],
      ['campaigns', 'pending'],
      ['whatsapp-connector', 'pending'],
    ]);
  });
});
