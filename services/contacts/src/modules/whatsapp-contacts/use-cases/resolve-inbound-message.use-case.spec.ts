import type { ContactSnapshot } from '@cs/proto/events';
import type { EventPublisher } from '@cs/platform/events';
import { InMemoryContacts } from '../../../../test/support/in-memory-contacts.js';
import type { ContactResolver, WhatsappFacts } from '../contact-resolver.js';
import { ResolveInboundMessageUseCase } from './resolve-inbound-message.use-case.js';

type InboundEvent = Parameters<ResolveInboundMessageUseCase['execute']>[0];

let sequence = 0;
/** An inbound message event from a person (or in a group) with this number (and a LID of its own). */
const inbound = (number: string, extra: Record<string, unknown> = {}): InboundEvent => {
  sequence += 1;
  return {
    id: `evt-${sequence}`,
    type: 'whatsapp.message.received',
    companyId: 3,
    correlationId: `corr-${sequence}`,
    data: {
      connectionId: 2,
      chatJid: `${number}@s.whatsapp.net`,
      isGroup: false,
      contact: { jid: `${number}@s.whatsapp.net`, number, lid: `${number.slice(-6)}@lid`, pushName: 'Aninha' },
      ...extra,
    },
  } as unknown as InboundEvent;
};

const snapshot = (id: number) => ({ id }) as ContactSnapshot;

function setup({ unchanged = [] as string[] } = {}) {
  const store = new InMemoryContacts();
  const resolved: Array<{ kind: 'person' | 'group'; key: string; facts: WhatsappFacts }> = [];
  const resolver = {
    unchangedPeople: (_companyId: number, parties: Array<{ party: { number: string } }>) =>
      Promise.resolve(parties.map(({ party }) => (unchanged.includes(party.number) ? snapshot(1) : null))),
    person: (_companyId: number, party: { number: string }, facts: WhatsappFacts) => {
      resolved.push({ kind: 'person', key: party.number, facts });
      return Promise.resolve(snapshot(2));
    },
    group: (_companyId: number, chatJid: string, facts: WhatsappFacts) => {
      resolved.push({ kind: 'group', key: chatJid, facts });
      return Promise.resolve(snapshot(3));
    },
  } as unknown as ContactResolver;
  /** Each outbox write, as the source event ids it carried. */
  const writes: string[][] = [];
  type Input = { data: { sourceEventId: string; contact: ContactSnapshot; groupContact: ContactSnapshot | null } };
  const published: Input['data'][] = [];
  const events = {
    emit: (_definition: unknown, input: Input) => {
      writes.push([input.data.sourceEventId]);
      published.push(input.data);
      return Promise.resolve();
    },
    emitAll: (entries: Array<{ input: Input }>) => {
      writes.push(entries.map((entry) => entry.input.data.sourceEventId));
      published.push(...entries.map((entry) => entry.input.data));
      return Promise.resolve();
    },
  } as unknown as EventPublisher;
  const resolve = new ResolveInboundMessageUseCase(store.transactions, resolver, events);
  return { resolve, resolved, writes, published };
}

describe('resolving inbound messages', () => {
  it('publishes messages from people it already knows as they are in one write, in order', async () => {
    const { resolve, resolved, writes } = setup({ unchanged: ['5521998765432', '551134567890'] });
    const first = inbound('5521998765432');
    const second = inbound('551134567890');

    await resolve.executeMany([first, second]);

    expect(resolved).toEqual([]);
    expect(writes).toEqual([[first.id, second.id]]);
  });

  it('writes a new contact first, and keeps the order of the messages around it', async () => {
    const { resolve, resolved, writes } = setup({ unchanged: ['5521998765432'] });
    const known = inbound('5521998765432');
    const stranger = inbound('551134567890');
    const knownAgain = inbound('5521998765432');

    await resolve.executeMany([known, stranger, knownAgain]);

    expect(resolved.map((entry) => entry.key)).toEqual(['551134567890']);
    expect(writes).toEqual([[known.id], [stranger.id], [knownAgain.id]]);
  });

  it('resolves a later message of a number an earlier one in the batch wrote, not the stale lookup', async () => {
    const { resolve, resolved } = setup({ unchanged: ['5521998765432'] });
    const renamed = inbound('5521998765432', { isGroup: true, chatJid: '120363000000000001@g.us' });
    const after = inbound('5521998765432');

    await resolve.executeMany([renamed, after]);

    expect(resolved.map((entry) => `${entry.kind}:${entry.key}`)).toEqual([
      'group:120363000000000001@g.us',
      'person:5521998765432',
      'person:5521998765432',
    ]);
  });

  it('publishes a group message with the group and its sender', async () => {
    const { resolve, published } = setup();

    await resolve.execute(
      inbound('5521998765432', { isGroup: true, chatJid: '120363000000000001@g.us', groupName: 'Equipe' }),
    );

    expect(published).toEqual([expect.objectContaining({ contact: snapshot(2), groupContact: snapshot(3) })]);
  });

  it('does not name the recipient with our own push name when we wrote from the phone', async () => {
    const { resolve, resolved } = setup();

    await resolve.execute(inbound('5521998765432', { fromMe: true }));
    await resolve.execute(inbound('5521998765432'));

    expect(resolved.map((entry) => entry.facts.name)).toEqual([null, 'Aninha']);
  });
});
