/**
 * Inbound messages in batches (issue 22), on real PostgreSQL and Kafka: tickets runs with `EVENTS_BATCH_SIZE=50`
 * and a test publishes its events in one request on one partition, so that `ReceiveInboundBatchUseCase` gets them
 * together. The oracle is the same events handled one at a time: two companies get the same conversation, one
 * event after the other for the first, as one batch for the second, and everything a user could notice (the
 * stored messages, the tickets, the events the browsers get, the bot's answers) must be the same.
 */
import { DataSource } from 'typeorm';
import { expectEventually, nextCompanyId, parseEvent, StatementLog } from '@cs/platform/testing';
import { TicketsMessageTopic, TicketsTicketTopic } from '@cs/proto/events';
import {
  addContact,
  type CompanySetup,
  type contactSnapshot,
  Harness,
  inboundText,
  type Published,
  setupCompany,
} from '../support/harness.js';

const harness = new Harness({ EVENTS_BATCH_SIZE: '50' });

beforeAll(async () => {
  await harness.start();
});

afterAll(async () => {
  await harness.stop();
});

type Contact = ReturnType<typeof contactSnapshot>;
interface Step {
  readonly from: 'maria' | 'joao';
  readonly body: string;
  readonly fromMe?: boolean;
  /** Reuses the WhatsApp id of an earlier step (a redelivered message). */
  readonly sameAs?: number;
}

/** A conversation with both paths in one batch: plain messages, our phone's own, a new ticket, a duplicate. */
const STEPS: Step[] = [
  { from: 'maria', body: 'um' },
  { from: 'maria', body: 'resposta do celular', fromMe: true },
  { from: 'maria', body: 'dois' },
  { from: 'joao', body: 'olá, quero comprar' },
  { from: 'joao', body: 'alguém aí?' },
  { from: 'maria', body: 'dois (de novo)', sameAs: 2 },
  { from: 'maria', body: 'três' },
];

async function prepare(): Promise<{ setup: CompanySetup; joao: Contact; ticketId: number }> {
  const setup = await setupCompany(harness, await nextCompanyId());
  const joao = await addContact(
    harness,
    setup.companyId,
    setup.contact.id + 1,
    'João Lima',
    `${setup.contact.number}9`,
  );
  // Maria's ticket exists and an agent has it: her messages take the set-based path
  const [first] = await harness.publishMany(`${setup.connectionId}:maria`, [
    {
      type: 'contacts.inbound-message.resolved',
      companyId: setup.companyId,
      data: inboundText(setup.contact, setup.connectionId, 'Oi'),
    },
  ]);
  await harness.handled([first as string]);
  const [ticket] = await harness.query<{ id: number }>(
    'SELECT id FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2',
    [setup.companyId, setup.contact.id],
  );
  const accepted = await harness.http('PUT', `/tickets/${ticket?.id}`, setup.admin, {
    status: 'open',
    userId: setup.admin.userId,
  });
  expect(accepted.status).toBe(200);
  return { setup, joao, ticketId: ticket?.id as number };
}

function eventsFor(setup: CompanySetup, joao: Contact, steps: readonly Step[]) {
  const ids: string[] = [];
  return steps.map((step, index) => {
    const contact = step.from === 'maria' ? setup.contact : joao;
    const data = inboundText(contact, setup.connectionId, step.body);
    const message = data.source.data;
    const waId = step.sameAs === undefined ? message.messageId : (ids[step.sameAs] as string);
    ids[index] = waId;
    return {
      type: 'contacts.inbound-message.resolved',
      companyId: setup.companyId,
      data: {
        ...data,
        source: { ...data.source, data: { ...message, messageId: waId, fromMe: step.fromMe ?? false } },
      },
    };
  });
}

/** What a user of the company could notice, without ids and times. */
async function observed(setup: CompanySetup) {
  const messages = await harness.query<{ contact: number; body: string; from_me: boolean; ack: number; read: boolean }>(
    `SELECT t.contact_id - $2 AS contact, m.body, m.from_me, m.ack, m.read
       FROM tickets.messages m JOIN tickets.tickets t ON t.company_id = m.company_id AND t.id = m.ticket_id
      WHERE m.company_id = $1 ORDER BY m.created_at, m.seq`,
    [setup.companyId, setup.contact.id],
  );
  const tickets = await harness.query(
    `SELECT contact_id - $2 AS contact, status, user_id IS NOT NULL AS has_user, queue_id, last_message, unread_messages,
            from_me, (SELECT count(*)::int FROM tickets.ticket_trackings tr WHERE tr.company_id = t.company_id
                        AND tr.ticket_id = t.id AND tr.finished_at IS NULL) AS open_cycles
       FROM tickets.tickets t WHERE company_id = $1 ORDER BY contact_id`,
    [setup.companyId, setup.contact.id],
  );
  // Kafka keeps the order of one ticket's events on one topic (not across topics): compared that way
  const events: Record<string, unknown[]> = {};
  for (const event of harness.events(setup.companyId)) {
    if (event.topic !== 'tickets.message.v1' && event.topic !== 'tickets.ticket.v1') continue;
    const item = summary(event);
    const key = `${event.topic} ${item.ticket?.contact ?? '-'}`;
    (events[key] ??= []).push(item);
  }
  return { messages, tickets, events, sent: harness.sentTexts(setup.companyId) };
}

/** An event as the browsers read it, without ids and times. */
function summary(event: Published) {
  const { type, data } =
    event.topic === 'tickets.message.v1'
      ? parseEvent(TicketsMessageTopic, event)
      : parseEvent(TicketsTicketTopic, event);
  const message = 'message' in data ? data.message : undefined;
  // `unread-reset` and `deleted` carry no snapshot
  const ticket = 'ticket' in data ? data.ticket : undefined;
  const previous = 'previous' in data ? data.previous : undefined;
  return {
    type,
    body: message?.body,
    fromMe: message?.fromMe,
    ticket: ticket && {
      contact: ticket.contact.name,
      status: ticket.status,
      lastMessage: ticket.lastMessage,
      unread: ticket.unreadMessages,
    },
    // the companies' users have their own ids
    previous: previous && { ...previous, userId: previous.userId !== null },
  };
}

describe('a batch of inbound messages', () => {
  it('has the effects and events of the same messages handled one at a time', async () => {
    const one = await prepare();
    for (const event of eventsFor(one.setup, one.joao, STEPS)) {
      await harness.handled(await harness.publishMany(`${one.setup.connectionId}:one`, [event]));
    }
    const batch = await prepare();
    const log = new StatementLog(harness.app.app.get(DataSource));
    try {
      const ids = await harness.publishMany(
        `${batch.setup.connectionId}:batch`,
        eventsFor(batch.setup, batch.joao, STEPS),
      );
      await harness.handled(ids);
      // they were handled together (else this would compare one at a time with itself)
      expect(new Set(ids.map((id) => log.transactionOf(id))).size).toBeLessThan(ids.length);
    } finally {
      log.stop();
    }
    // once every event reached this test's consumer
    const expected = await expectEventually(async () => {
      const [first, second] = [await observed(one.setup), await observed(batch.setup)];
      expect(second).toEqual(first);
      return first;
    });
    // the oracle itself is what the spec asks: each message once, the phone's own read, the ticket's preview
    expect(expected.messages.map((message) => message.body)).toEqual([
      'Oi',
      'um',
      'resposta do celular',
      'dois',
      'olá, quero comprar',
      'alguém aí?',
      'três',
    ]);
    expect(expected.tickets[0]).toMatchObject({
      status: 'open',
      last_message: 'três',
      unread_messages: 2,
      open_cycles: 1,
    });
    expect(expected.tickets[1]).toMatchObject({ status: 'pending', last_message: 'alguém aí?', unread_messages: 2 });
  });

  it('costs the same few statements for a batch of messages on agents’ tickets, whatever its size', async () => {
    const { setup } = await prepare();
    const contacts = [setup.contact];
    for (let index = 1; index < 6; index += 1) {
      contacts.push(
        await addContact(
          harness,
          setup.companyId,
          setup.contact.id + index,
          `Cliente ${index}`,
          `${setup.contact.number}${index}`,
        ),
      );
    }
    for (const contact of contacts.slice(1)) {
      const [id] = await harness.publishMany(`${setup.connectionId}:warm`, [
        {
          type: 'contacts.inbound-message.resolved',
          companyId: setup.companyId,
          data: inboundText(contact, setup.connectionId, 'Oi'),
        },
      ]);
      await harness.handled([id as string]);
      const [ticket] = await harness.query<{ id: number }>(
        'SELECT id FROM tickets.tickets WHERE company_id = $1 AND contact_id = $2',
        [setup.companyId, contact.id],
      );
      await harness.http('PUT', `/tickets/${ticket?.id}`, setup.admin, { status: 'open', userId: setup.admin.userId });
    }
    const log = new StatementLog(harness.app.app.get(DataSource));
    try {
      const ids = await harness.publishMany(
        `${setup.connectionId}:many`,
        contacts.flatMap((contact) =>
          ['primeira', 'segunda'].map((body) => ({
            type: 'contacts.inbound-message.resolved',
            companyId: setup.companyId,
            data: inboundText(contact, setup.connectionId, body),
          })),
        ),
      );
      await harness.handled(ids);
      const transactions = [...new Set(ids.map((id) => log.transactionOf(id)))];
      for (const statements of transactions) {
        expect(statements?.map((statement) => statement.sql.split(' ').slice(0, 3).join(' '))).toEqual([
          'START TRANSACTION',
          'INSERT INTO inbox',
          'WITH contact AS',
          'INSERT INTO messages',
          'WITH input AS',
          'INSERT INTO outbox',
          'COMMIT',
        ]);
      }
      expect(transactions.length).toBeLessThan(ids.length);
      const [row] = await harness.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM tickets.messages WHERE company_id = $1 AND body IN ('primeira', 'segunda')`,
        [setup.companyId],
      );
      expect(row?.n).toBe(12);
    } finally {
      log.stop();
    }
  });
});
