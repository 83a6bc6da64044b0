/**
 * LGPD erasure in tickets, on real PostgreSQL and Kafka: a `privacy.erasure.requested` published while the service
 * is down is applied when it comes back (its consumer group resumes where it stopped): the person's message bodies
 * and media, notes and schedules are gone, its contact projection anonymised, another company untouched; tickets
 * confirms with what it removed and the connector's media URLs. Applying a second request confirms with zeros.
 */
import { randomUUID } from 'node:crypto';
import { ErasureTopicProbe, expectEventually, nextCompanyId } from '@cs/platform/testing';
import { ERASED_CONTACT_NAME } from '@cs/proto/http';
import { type CompanySetup, Harness, inboundText, setupCompany, ticketFrom } from '../support/harness.js';

const harness = new Harness();
const probe = new ErasureTopicProbe();
let a: CompanySetup;
let b: CompanySetup;

beforeAll(async () => {
  await harness.start();
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
}, 120_000);

afterAll(async () => {
  await probe.close();
  await harness.stop();
}, 120_000);

const erasure = (setup: CompanySetup) => ({
  contactId: setup.contact.id,
  number: setup.contact.number,
  lid: null,
  whatsappJid: `${setup.contact.number}@s.whatsapp.net`,
});

describe('erasure of a contact in tickets', () => {
  it('applies a request published while it was down when it comes back, and confirms', async () => {
    const ticket = await ticketFrom(harness, a, a.contact, 'Meu CPF é 123.456.789-09');
    const mediaUrl = `http://gateway.test/media/whatsapp/${a.companyId}/${a.connectionId}/${randomUUID()}-rg.jpg`;
    const photo = inboundText(a.contact, a.connectionId, 'foto do RG');
    Object.assign(photo.source.data, {
      kind: 'image',
      media: { url: mediaUrl, mimeType: 'image/jpeg', fileName: 'rg.jpg', size: 20 },
    });
    await harness.publish(
      'contacts.inbound-message.resolved',
      a.companyId,
      `${a.connectionId}:${a.contact.number}`,
      photo,
    );
    const note = await harness.http('POST', '/ticket-notes', a.admin, {
      note: 'Cliente informou endereço',
      ticketId: ticket.id,
      contactId: a.contact.id,
    });
    expect(note.status).toBe(200);
    const schedule = await harness.http('POST', '/schedules', a.admin, {
      body: 'Lembrete da consulta',
      contactId: a.contact.id,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(schedule.status).toBe(200);
    const other = await ticketFrom(harness, b, b.contact, 'Mensagem de outra empresa');
    await expectEventually(async () => {
      const rows = await harness.query('SELECT 1 FROM tickets.messages WHERE company_id = $1 AND media_url = $2', [
        a.companyId,
        mediaUrl,
      ]);
      expect(rows).toHaveLength(1);
    });

    await harness.app.close();
    const eventId = await harness.publish('privacy.erasure.requested', a.companyId, 'request-a', {
      requestId: randomUUID(),
      ...erasure(a),
    });
    const [request] = (await probe.requests()).filter((event) => event.id === eventId);
    await harness.boot();

    const confirmed = await expectEventually(async () => {
      const found = (await probe.confirmations(request!.data.requestId)).get('tickets');
      expect(found).toBeDefined();
      return found!;
    });
    expect(confirmed.removed).toEqual({ messages: 2, notes: 1, schedules: 1, ratings: 0, media: 0 });
    expect(confirmed.mediaUrls).toEqual([mediaUrl]);

    const messages = await harness.query<{ body: string; media_url: string | null }>(
      'SELECT body, media_url FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2',
      [a.companyId, ticket.id],
    );
    expect(messages).toHaveLength(2);
    expect(messages.every((message) => message.body === '' && message.media_url === null)).toBe(true);
    const page = await harness.http('GET', `/messages/${ticket.id}`, a.admin);
    expect((page.body.messages as Array<{ body: string }>).map((message) => message.body)).toEqual(['', '']);
    expect(await harness.query('SELECT 1 FROM tickets.ticket_notes WHERE company_id = $1', [a.companyId])).toEqual([]);
    expect(await harness.query('SELECT 1 FROM tickets.schedules WHERE company_id = $1', [a.companyId])).toEqual([]);
    expect(
      await harness.query(
        'SELECT name, number, last_message FROM tickets.contacts c JOIN tickets.tickets t ON t.contact_id = c.id AND t.company_id = c.company_id WHERE c.company_id = $1',
        [a.companyId],
      ),
    ).toEqual([{ name: ERASED_CONTACT_NAME, number: '', last_message: '' }]);

    // another company's person keeps everything
    const kept = await harness.query<{ body: string }>(
      'SELECT body FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2',
      [b.companyId, other.id],
    );
    expect(kept.map((message) => message.body)).toEqual(['Mensagem de outra empresa']);
  });

  it('finds nothing left on a second request and confirms with zeros', async () => {
    const requestId = randomUUID();
    await harness.publish('privacy.erasure.requested', a.companyId, requestId, { requestId, ...erasure(a) });
    const confirmed = await expectEventually(async () => {
      const found = (await probe.confirmations(requestId)).get('tickets');
      expect(found).toBeDefined();
      return found!;
    });
    expect(confirmed.removed).toEqual({ messages: 0, notes: 0, schedules: 0, ratings: 0, media: 0 });
    expect(confirmed.mediaUrls).toEqual([]);
  });
});
