import { ContactDeleted, UserSessionsRevoked } from '@cs/proto/events';
import { checkedEnvelopeOf, envelopeOf } from './events.js';

describe('envelopeOf', () => {
  it("fills in what a producer would: a new id as the correlation id, now, the event's version", () => {
    const before = Date.now();
    const envelope = envelopeOf(
      'identity.user.sessions-revoked',
      7,
      { id: 3, reason: 'logout' },
      { producer: 'identity' },
    );

    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      type: UserSessionsRevoked.type,
      schemaVersion: 2,
      occurredAt: expect.any(String),
      companyId: 7,
      producer: 'identity',
      correlationId: envelope.id,
      data: { id: 3, reason: 'logout' },
    });
    expect(Date.parse(envelope.occurredAt)).toBeGreaterThanOrEqual(before - 1);
    expect(envelopeOf(ContactDeleted, 7, { id: 1 }).id).not.toBe(envelope.id);
  });

  it('keeps what the test sets, and gives a type the registry does not list version 1, "test" as the producer', () => {
    const envelope = envelopeOf('probe.thing.happened', 7, 'anything', {
      id: '0193a6f0-0000-7000-8000-000000000001',
      correlationId: 'request-1',
      causationId: 'cause-1',
    });

    expect(envelope).toMatchObject({
      id: '0193a6f0-0000-7000-8000-000000000001',
      schemaVersion: 1,
      producer: 'test',
      correlationId: 'request-1',
      causationId: 'cause-1',
      data: 'anything',
    });
    expect(envelopeOf(ContactDeleted, 7, { id: 1 })).not.toHaveProperty('causationId');
  });
});

describe('checkedEnvelopeOf', () => {
  it('answers the envelope when the data meets the contract, and fails naming the field when it does not', () => {
    expect(checkedEnvelopeOf(ContactDeleted, 7, { id: 4 }, { producer: 'contacts' })).toMatchObject({
      type: 'contacts.contact.deleted',
      producer: 'contacts',
      data: { id: 4 },
    });
    expect(() => checkedEnvelopeOf(ContactDeleted, 7, { id: 'four' } as never)).toThrow(/"id"/);
  });
});
