/**
 * ADR 0006 on real PostgreSQL and Kafka: campaigns' `campaigns.shipping.delivered` events put the campaign's
 * messages into the contacts' history without turning them into agent work — appended to an existing ticket
 * without moving it, or on a ticket created directly as closed; never a pending ticket; once per WhatsApp message
 * however often the event is delivered; a number contacts does not know yet is ensured first; another company
 * sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { EnsureContact, MessageCreated } from '@cs/proto/events';
import {
  type CompanySetup,
  contactSnapshot,
  inboundText,
  setupCompany,
  sharedHarness,
  uniqueId,
} from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;
let other: CompanySetup;

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId());
  other = await setupCompany(harness, await nextCompanyId());
}, 120_000);

const waId = (): string => `3EB0${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;

/** The event as campaigns publishes it once the connector reported `whatsapp.message.sent`. */
function delivered(
  companySetup: CompanySetup,
  number: string,
  content: Record<string, unknown>,
  messageId = waId(),
  part = 'main',
) {
  return {
    campaignId: 7,
    campaignName: 'Black Friday',
    shippingId: String(uniqueId()),
    part,
    connectionId: companySetup.connectionId,
    chatJid: `${number}@s.whatsapp.net`,
    number,
    content,
    messageId,
    sentAt: new Date().toISOString(),
  };
}

async function publishDelivered(companySetup: CompanySetup, data: ReturnType<typeof delivered>, id?: string) {
  return harness.publish(
    'campaigns.shipping.delivered',
    companySetup.companyId,
    `${data.connectionId}:${data.chatJid}`,
    data,
    id,
  );
}

const ticketsOf = async (companySetup: CompanySetup, status: string) => {
  const { body } = await harness.http('GET', `/tickets?showAll=true&status=${status}`, companySetup.admin);
  if (!body.tickets) throw new Error(JSON.stringify(body));
  return body.tickets as Array<{
    id: number;
    contactId: number;
    status: string;
    userId: number | null;
    queueId: number | null;
    unreadMessages: number;
    updatedAt: string;
    lastMessage: string;
  }>;
};

const historyOf = async (companySetup: CompanySetup, ticketId: number) => {
  const { status, body } = await harness.http('GET', `/messages/${ticketId}`, companySetup.admin);
  expect(status).toBe(200);
  return body.messages as Array<{ id: string; body: string; fromMe: boolean; ack: number; mediaType: string }>;
};

describe('campaign messages in the contact history (ADR 0006)', () => {
  it('appends to the contact’s open ticket without moving it, its owner, queue or unread count', async () => {
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      `${setup.connectionId}:x`,
      inboundText(setup.contact, setup.connectionId, 'Oi, quero saber do pedido', 'WA-CUST-1'),
    );
    const pending = await expectEventually(async () => {
      const found = (await ticketsOf(setup, 'pending')).find((item) => item.contactId === setup.contact.id);
      if (!found) throw new Error('no pending ticket yet');
      return found;
    });
    const accepted = await harness.http('PUT', `/tickets/${pending.id}`, setup.admin, {
      status: 'open',
      userId: setup.agent.userId,
    });
    expect(accepted.status).toBe(200);
    const before = await expectEventually(async () => {
      const found = (await ticketsOf(setup, 'open')).find((item) => item.id === pending.id);
      if (!found) throw new Error('not open yet');
      return found;
    });

    // a customer message arrives after the agent accepted, so the ticket has an unread count to keep
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      `${setup.connectionId}:x`,
      inboundText(setup.contact, setup.connectionId, 'Alguém aí?', 'WA-CUST-2'),
    );
    const beforeCampaign = await expectEventually(async () => {
      const found = (await ticketsOf(setup, 'open')).find((item) => item.id === pending.id);
      if (found?.lastMessage !== 'Alguém aí?') throw new Error('second message not there yet');
      return found;
    });
    expect(beforeCampaign.unreadMessages).toBeGreaterThan(0);

    const data = delivered(setup, setup.contact.number, { kind: 'text', body: 'Maria, a Black Friday começou!' });
    const eventId = await publishDelivered(setup, data);
    await expectEventually(async () => {
      const mine = (await ticketsOf(setup, 'open')).find((item) => item.id === pending.id);
      expect(mine?.lastMessage).toBe('Maria, a Black Friday começou!');
    });
    const after = (await ticketsOf(setup, 'open')).find((item) => item.id === pending.id)!;
    expect(after).toMatchObject({
      status: 'open',
      userId: setup.agent.userId,
      queueId: before.queueId,
      unreadMessages: beforeCampaign.unreadMessages,
      updatedAt: beforeCampaign.updatedAt,
    });

    // redelivery (same event) and a re-published event (new id, same WhatsApp message) add nothing
    await publishDelivered(setup, data, eventId);
    await publishDelivered(setup, data);
    const marker = delivered(setup, setup.contact.number, { kind: 'text', body: 'Últimas horas!' });
    await publishDelivered(setup, marker);
    const history = await expectEventually(async () => {
      const messages = await historyOf(setup, pending.id);
      expect(messages.map((message) => message.body)).toContain('Últimas horas!');
      return messages;
    });
    expect(history.map((message) => message.body)).toEqual([
      'Oi, quero saber do pedido',
      'Alguém aí?',
      'Maria, a Black Friday começou!',
      'Últimas horas!',
    ]);
    expect(history.find((message) => message.id === data.messageId)).toMatchObject({
      fromMe: true,
      ack: 1,
      mediaType: 'chat',
    });
    // no ticket event came from the campaign: only the two messages' own announcements
    const campaignMessages = harness
      .eventsOf(setup.companyId, MessageCreated)
      .filter((event) => event.data.message.id === data.messageId);
    expect(campaignMessages).toHaveLength(1);
  });

  it('creates the ticket of a contact without one directly as closed: no pending ticket, no ticket event', async () => {
    const contact = contactSnapshot(setup.companyId, uniqueId(), 'João Lima', '5511912340001');
    await harness.publish('contacts.contact.created', setup.companyId, contact.id, contact);
    await expectEventually(async () => {
      const rows = await harness.query('SELECT 1 FROM tickets.contacts WHERE company_id = $1 AND id = $2', [
        setup.companyId,
        contact.id,
      ]);
      expect(rows).toHaveLength(1);
    });
    const eventsBefore = harness.events(setup.companyId, 'tickets.ticket.created').length;
    const data = delivered(setup, contact.number, {
      kind: 'media',
      mediaType: 'image',
      url: 'http://gateway.test/files/media/42/campaign/ab12-oferta.png',
      mimeType: 'image/png',
      fileName: 'oferta.png',
      caption: 'Olá João, confira a oferta',
      ptt: false,
    });
    await publishDelivered(setup, data);
    const closed = await expectEventually(async () => {
      const found = (await ticketsOf(setup, 'closed')).find((item) => item.contactId === contact.id);
      if (!found) throw new Error('no closed ticket yet');
      return found;
    });
    expect(closed).toMatchObject({ status: 'closed', userId: null, unreadMessages: 0 });
    expect((await ticketsOf(setup, 'pending')).filter((item) => item.contactId === contact.id)).toEqual([]);
    expect(await historyOf(setup, closed.id)).toEqual([
      expect.objectContaining({
        id: data.messageId,
        body: 'Olá João, confira a oferta',
        fromMe: true,
        ack: 1,
        mediaType: 'image',
        mediaUrl: 'http://gateway.test/files/media/42/campaign/ab12-oferta.png',
      }),
    ]);
    expect(harness.events(setup.companyId, 'tickets.ticket.created')).toHaveLength(eventsBefore);

    // the customer answers the campaign: that is agent work, the closed ticket reopens as pending
    await harness.publish(
      'contacts.inbound-message.resolved',
      setup.companyId,
      `${setup.connectionId}:y`,
      inboundText(contact, setup.connectionId, 'Quero o desconto!', waId()),
    );
    await expectEventually(async () => {
      const found = (await ticketsOf(setup, 'pending')).find((item) => item.contactId === contact.id);
      expect(found?.id).toBe(closed.id);
    });
  });

  it('asks contacts for a number it does not know and appends once the contact exists', async () => {
    const number = '5511912340002';
    const data = delivered(setup, number, { kind: 'text', body: 'Convite: evento de clientes' }, waId(), 'confirm');
    await publishDelivered(setup, data);
    const ensure = await expectEventually(() => {
      const found = harness.eventsOf(setup.companyId, EnsureContact).find((event) => event.data.number === number);
      if (!found) throw new Error('no ensure command yet');
      return found;
    });
    expect(ensure.data).toMatchObject({ connectionId: setup.connectionId, jid: `${number}@s.whatsapp.net` });

    // contacts answers the command as it answers any: the contact is created
    const contact = contactSnapshot(setup.companyId, uniqueId(), number, number);
    await harness.publish('contacts.contact.created', setup.companyId, contact.id, contact);
    const closed = await expectEventually(
      async () => {
        const found = (await ticketsOf(setup, 'closed')).find((item) => item.contactId === contact.id);
        if (!found) throw new Error('no ticket yet');
        return found;
      },
      { timeoutMs: 60_000 },
    );
    expect((await historyOf(setup, closed.id)).map((message) => message.body)).toEqual(['Convite: evento de clientes']);
  });

  it('keeps each company’s history to itself', async () => {
    // company B's campaign reaches a number that is also company A's contact
    const data = delivered(other, setup.contact.number, { kind: 'text', body: 'Mensagem da outra empresa' });
    await publishDelivered(other, data);
    const contact = contactSnapshot(other.companyId, uniqueId(), 'Maria (B)', setup.contact.number);
    await harness.publish('contacts.contact.created', other.companyId, contact.id, contact);
    const theirs = await expectEventually(
      async () => {
        const found = (await ticketsOf(other, 'closed')).find((item) => item.contactId === contact.id);
        if (!found) throw new Error('no ticket yet');
        return found;
      },
      { timeoutMs: 60_000 },
    );
    // company A neither sees B's ticket nor gets B's message in its own contact's history
    const { status } = await harness.http('GET', `/messages/${theirs.id}`, setup.admin);
    expect(status).toBe(404);
    const mine = (await ticketsOf(setup, 'open')).find((item) => item.contactId === setup.contact.id)!;
    expect((await historyOf(setup, mine.id)).map((message) => message.body)).not.toContain('Mensagem da outra empresa');
    const rows = await harness.query<{ company_id: number }>(
      'SELECT company_id FROM tickets.messages WHERE wa_id = $1',
      [data.messageId],
    );
    expect(rows).toEqual([{ company_id: other.companyId }]);
  });
});
