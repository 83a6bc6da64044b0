/**
 * LGPD in tickets, on real PostgreSQL and Kafka. Export: an admin asks for a contact's export, tickets publishes
 * `privacy.export.requested` and answers 409 until campaigns' parts (published here as campaigns would) all arrived,
 * then streams one zip of everything held about the contact (contact and extra info, tickets, messages, notes,
 * schedules, ratings, the campaign shippings and the stored files), audited; another company gets 404; the
 * cleanup job deletes old requests with their parts. Erasure: a `privacy.erasure.requested` published while the service is down is
 * applied when it comes back (its consumer group resumes where it stopped): the person's message bodies and media,
 * notes and schedules are gone, its contact projection anonymised, another company untouched; tickets confirms with
 * what it removed and the connector's media URLs. A second request finds nothing left and confirms with zeros.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { Envelope } from '@cs/proto/common';
import type { ExportedShipping } from '@cs/proto/events';
import {
  ErasureTopicProbe,
  expectEventually,
  ExportTopicProbe,
  nextCompanyId,
  readAllMessages,
  TEST_INTERNAL_TOKEN,
  testRun,
} from '@cs/platform/testing';
import { ERASED_CONTACT_NAME } from '@cs/proto/http';
import { ContactExportRequests, EXPORT_KEPT_MS } from '../../src/modules/privacy/contact-export-requests.js';
import {
  type Caller,
  type CompanySetup,
  inboundText,
  setupCompany,
  sharedHarness,
  ticketFrom,
} from '../support/harness.js';

const harness = sharedHarness();
const probe = new ErasureTopicProbe();
const exportProbe = new ExportTopicProbe();
let a: CompanySetup;
let b: CompanySetup;
let ticket: Awaited<ReturnType<typeof ticketFrom>>;
let other: Awaited<ReturnType<typeof ticketFrom>>;
let connectorMedia: string;
let ownMedia: string;

beforeAll(async () => {
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  await seed();
}, 120_000);

afterAll(async () => {
  await probe.close();
  await exportProbe.close();
}, 120_000);

/** An inbound message of the person carrying a stored file. */
async function inboundFile(body: string, kind: string, url: string, mimeType: string, fileName: string): Promise<void> {
  const message = inboundText(a.contact, a.connectionId, body);
  Object.assign(message.source.data, { kind, media: { url, mimeType, fileName, size: 20 } });
  await harness.publish(
    'contacts.inbound-message.resolved',
    a.companyId,
    `${a.connectionId}:${a.contact.number}`,
    message,
  );
}

/** The person's history: a text, a photo the connector stores, a contract tickets stores, a note, a schedule. */
async function seed(): Promise<void> {
  ticket = await ticketFrom(harness, a, a.contact, 'Meu CPF é 123.456.789-09');
  connectorMedia = `http://gateway.test/media/whatsapp/${a.companyId}/${a.connectionId}/${randomUUID()}-rg.jpg`;
  await inboundFile('foto do RG', 'image', connectorMedia, 'image/jpeg', 'rg.jpg');
  ownMedia = `${a.companyId}/messages/${randomUUID()}-contrato.pdf`;
  await mkdir(join(harness.mediaDir, `${a.companyId}`, 'messages'), { recursive: true });
  await writeFile(join(harness.mediaDir, ownMedia), '%PDF-1.4 contrato');
  await inboundFile(
    'contrato assinado',
    'document',
    `http://gateway.test/media/tickets/${ownMedia}`,
    'application/pdf',
    'contrato.pdf',
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
  other = await ticketFrom(harness, b, b.contact, 'Mensagem de outra empresa');
  await expectEventually(async () => {
    const rows = await harness.query('SELECT 1 FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2', [
      a.companyId,
      ticket.id,
    ]);
    expect(rows).toHaveLength(3);
  });
}

/** The entries of a zip and their text. */
function unzip(data: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no entry stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** `GET /privacy/contact-exports/{id}` as the gateway forwards it (the answer is a file, not JSON). */
const download = (caller: Caller, id: string): Promise<Response> =>
  fetch(`${harness.app.url}/privacy/contact-exports/${id}`, {
    headers: {
      'x-internal-token': TEST_INTERNAL_TOKEN,
      'x-company-id': String(caller.companyId),
      'x-user-id': String(caller.userId),
      'x-user-profile': caller.profile ?? 'admin',
    },
  });

/** A campaign shipping to the person as campaigns sends it in a part. */
const shippingTo = (setup: CompanySetup, id: number): ExportedShipping => ({
  id: String(id),
  campaignId: 12,
  campaignName: 'Black Friday',
  name: 'Maria',
  number: setup.contact.number,
  email: '',
  message: `Oferta ${id} para Maria`,
  confirmationMessage: null,
  confirmationRequestedAt: null,
  confirmedAt: null,
  sentAt: '2026-11-27T12:00:00.000Z',
  deliveredAt: null,
  failedAt: null,
  error: null,
  createdAt: '2026-11-26T18:00:00.000Z',
});

/** Publishes a part of campaigns' answer to a request. */
const part = (requestId: string, number: number, last: boolean, shippings: ExportedShipping[]) =>
  harness.publish('privacy.export.part', a.companyId, requestId, {
    requestId,
    service: 'campaigns',
    part: number,
    last,
    shippings,
  });

type TicketChange = { ticket: { id: number; lastMessage: string; contact: { name: string; number: string } } };

/** Every `tickets.message.erased` of this file's two companies. */
async function erasedEvents(): Promise<Array<{ companyId: number; key: string; ticketId: number }>> {
  return (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}tickets.message.v1`))
    .map((message) => ({
      key: message.key,
      event: JSON.parse(message.value) as Envelope & { data: { ticketId: number } },
    }))
    .filter(
      ({ event }) => event.type === 'tickets.message.erased' && [a.companyId, b.companyId].includes(event.companyId),
    )
    .map(({ key, event }) => ({ companyId: event.companyId, key, ticketId: event.data.ticketId }));
}

const erasure = (setup: CompanySetup) => ({
  contactId: setup.contact.id,
  number: setup.contact.number,
  lid: null,
  whatsappJid: `${setup.contact.number}@s.whatsapp.net`,
});

describe('export of a contact', () => {
  let requestId: string;

  it('records the request and asks the holding services, answering 409 while their parts are missing', async () => {
    const created = await harness.http('POST', '/privacy/contact-exports', a.admin, { contactId: a.contact.id });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ contactId: a.contact.id, status: 'pending', readyAt: null });
    requestId = created.body.id as string;
    await expectEventually(async () => {
      const requests = (await exportProbe.requests()).filter((request) => request.requestId === requestId);
      expect(requests).toEqual([
        { requestId, contactId: a.contact.id, number: a.contact.number, companyId: a.companyId },
      ]);
    });
    const pending = await download(a.admin, requestId);
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({ error: 'ERR_EXPORT_NOT_READY' });

    // the last part arrives before the first: still pending until every part 0..last is there
    await harness.handled([await part(requestId, 1, true, [shippingTo(a, 9002)])]);
    expect((await harness.http('GET', `/privacy/contact-exports/${requestId}/status`, a.admin)).body).toMatchObject({
      status: 'pending',
    });
    expect((await download(a.admin, requestId)).status).toBe(409);
    await harness.handled([await part(requestId, 0, false, [shippingTo(a, 9001)])]);
    const ready = await harness.http('GET', `/privacy/contact-exports/${requestId}/status`, a.admin);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ id: requestId, status: 'ready', readyAt: expect.any(String) });
  });

  it('streams one zip of everything held about the person, shippings included, and audits it', async () => {
    const response = await download(a.admin, requestId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()]).toEqual([
      'LEIA-ME.txt',
      'contato.json',
      'tickets.ndjson',
      'mensagens.ndjson',
      'notas.ndjson',
      'agendamentos.ndjson',
      'avaliacoes.ndjson',
      'campanhas.ndjson',
      expect.stringMatching(/^midia\/mensagem-\d+-contrato\.pdf$/),
      'midia/indisponiveis.txt',
    ]);
    expect(JSON.parse(entries.get('contato.json')!)).toMatchObject({ id: a.contact.id, number: a.contact.number });
    const messages = entries
      .get('mensagens.ndjson')!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { body: string });
    expect(messages.map((message) => message.body)).toEqual([
      'Meu CPF é 123.456.789-09',
      'foto do RG',
      'contrato assinado',
    ]);
    expect(entries.get('notas.ndjson')).toContain('Cliente informou endereço');
    expect(entries.get('agendamentos.ndjson')).toContain('Lembrete da consulta');
    expect(entries.get('tickets.ndjson')!.trim().split('\n')).toHaveLength(1);
    const shippings = entries
      .get('campanhas.ndjson')!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportedShipping);
    expect(shippings).toEqual([shippingTo(a, 9001), shippingTo(a, 9002)]);
    const pdf = [...entries.entries()].find(([name]) => name.endsWith('contrato.pdf'));
    expect(pdf?.[1]).toBe('%PDF-1.4 contrato');
    // the connector's file could not be fetched here (no gateway): the archive names it instead of failing
    expect(entries.get('midia/indisponiveis.txt')?.trim()).toBe(connectorMedia);

    await expectEventually(async () => {
      const audit = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}audit.entry.v1`))
        .map((message) => JSON.parse(message.value) as { companyId: number; data: { action: string } })
        .filter((entry) => entry.companyId === a.companyId && entry.data.action === 'contact.exported');
      expect(audit).toHaveLength(1);
    });
  });

  it("answers 404 to another company's request and contact, 400 to bad input, 403 to a profile user", async () => {
    for (const path of [`/privacy/contact-exports/${requestId}`, `/privacy/contact-exports/${requestId}/status`]) {
      const foreign = await harness.http('GET', path, b.admin);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ error: 'ERR_NO_DATA_REQUEST_FOUND' });
      expect((await harness.http('GET', path, a.agent)).status).toBe(403);
    }
    const foreignContact = await harness.http('POST', '/privacy/contact-exports', b.admin, { contactId: a.contact.id });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await harness.http('POST', '/privacy/contact-exports', a.agent, { contactId: a.contact.id })).status).toBe(
      403,
    );
    for (const body of [{}, { contactId: 'abc' }, { contactId: -1 }, { contactId: a.contact.id, extra: 1 }]) {
      const bad = await harness.http('POST', '/privacy/contact-exports', a.admin, body);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        error: 'ERR_VALIDATION',
        details: [expect.objectContaining({ path: expect.any(String) })],
      });
    }
    const badId = await harness.http('GET', '/privacy/contact-exports/abc/status', a.admin);
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: 'ERR_VALIDATION' });
    // a part naming another company's request is dropped
    await harness.handled([
      await harness.publish('privacy.export.part', b.companyId, requestId, {
        requestId,
        service: 'campaigns',
        part: 2,
        last: true,
        shippings: [shippingTo(b, 9100)],
      }),
    ]);
    expect(
      await harness.query('SELECT part FROM tickets.contact_export_parts WHERE request_id = $1 ORDER BY part', [
        requestId,
      ]),
    ).toEqual([{ part: 0 }, { part: 1 }]);
  });

  it('deletes requests older than a day with their parts (cleanup job)', async () => {
    const old = await harness.http('POST', '/privacy/contact-exports', a.admin, { contactId: a.contact.id });
    await harness.handled([await part(old.body.id as string, 0, true, [shippingTo(a, 9003)])]);
    await harness.query(`UPDATE tickets.contact_export_requests SET created_at = $2 WHERE id = $1`, [
      old.body.id,
      new Date(Date.now() - EXPORT_KEPT_MS - 60_000),
    ]);
    await harness.app.app.get(ContactExportRequests).cleanup();
    expect(await harness.query('SELECT 1 FROM tickets.contact_export_requests WHERE id = $1', [old.body.id])).toEqual(
      [],
    );
    expect(
      await harness.query('SELECT 1 FROM tickets.contact_export_parts WHERE request_id = $1', [old.body.id]),
    ).toEqual([]);
    // the recent request stays
    expect((await harness.http('GET', `/privacy/contact-exports/${requestId}/status`, a.admin)).status).toBe(200);
  });
});

describe('erasure of a contact in tickets', () => {
  it('applies a request published while it was down when it comes back, and confirms', async () => {
    // a bot session on the person's ticket; the external API's number check answering for them and another number
    const otherAnswer = { number: '5521900000000', exists: false, jid: null };
    await harness.query(
      `INSERT INTO tickets.integration_sessions (company_id, ticket_id, integration_id, session_id)
       VALUES ($1, $2, 1, 'typebot-session')`,
      [a.companyId, ticket.id],
    );
    await harness.query(
      `INSERT INTO tickets.external_number_checks (company_id, command_id, answered_at, results)
       VALUES ($1, $2, now(), $3::jsonb)`,
      [
        a.companyId,
        randomUUID(),
        JSON.stringify([
          { number: a.contact.number, exists: true, jid: erasure(a).whatsappJid },
          // asked in another spelling: the jid names the person
          { number: `+${a.contact.number}`, exists: true, jid: erasure(a).whatsappJid },
          otherAnswer,
        ]),
      ],
    );
    // Idempotency-Key records of the external API: two keys spelling the person's number, one that does not, and
    // another company's with the same number
    for (const [companyId, key] of [
      [a.companyId, `envio-${a.contact.number}-1`],
      [a.companyId, `${a.contact.number}:2`],
      [a.companyId, 'pedido-42'],
      [b.companyId, `envio-${a.contact.number}-1`],
    ] as const) {
      await harness.query(
        `INSERT INTO tickets.external_api_requests (company_id, connection_id, idempotency_key, status, response)
         VALUES ($1, 1, $2, 200, '{"mensagem":"Mensagem enviada"}')`,
        [companyId, key],
      );
    }
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
    expect(confirmed.removed).toEqual({
      messages: 3,
      notes: 1,
      schedules: 1,
      ratings: 0,
      media: 1,
      integrationSessions: 1,
      externalNumberChecks: 1,
      idempotencyKeys: 2,
      exportRequests: 1,
    });
    expect(
      await harness.query('SELECT 1 FROM tickets.contact_export_parts WHERE company_id = $1', [a.companyId]),
    ).toEqual([]);
    expect(confirmed.mediaUrls).toEqual([connectorMedia]);
    await expect(access(join(harness.mediaDir, ownMedia))).rejects.toThrow();

    const messages = await harness.query<{ body: string; media_url: string | null }>(
      'SELECT body, media_url FROM tickets.messages WHERE company_id = $1 AND ticket_id = $2',
      [a.companyId, ticket.id],
    );
    expect(messages).toHaveLength(3);
    expect(messages.every((message) => message.body === '' && message.media_url === null)).toBe(true);
    const page = await harness.http('GET', `/messages/${ticket.id}`, a.admin);
    expect((page.body.messages as Array<{ body: string }>).map((message) => message.body)).toEqual(['', '', '']);
    expect(await harness.query('SELECT 1 FROM tickets.ticket_notes WHERE company_id = $1', [a.companyId])).toEqual([]);
    expect(await harness.query('SELECT 1 FROM tickets.schedules WHERE company_id = $1', [a.companyId])).toEqual([]);
    expect(
      await harness.query(
        `SELECT c.name, c.number, t.last_message FROM tickets.contacts c
           JOIN tickets.tickets t ON t.contact_id = c.id AND t.company_id = c.company_id WHERE c.company_id = $1`,
        [a.companyId],
      ),
    ).toEqual([{ name: ERASED_CONTACT_NAME, number: '', last_message: '' }]);

    expect(
      await harness.query('SELECT 1 FROM tickets.integration_sessions WHERE company_id = $1', [a.companyId]),
    ).toEqual([]);
    expect(
      await harness.query('SELECT results FROM tickets.external_number_checks WHERE company_id = $1', [a.companyId]),
    ).toEqual([{ results: [otherAnswer] }]);
    expect(
      await harness.query<{ company_id: number; idempotency_key: string }>(
        'SELECT company_id, idempotency_key FROM tickets.external_api_requests WHERE company_id = ANY($1) ORDER BY 1',
        [[a.companyId, b.companyId]],
      ),
    ).toEqual([
      { company_id: a.companyId, idempotency_key: 'pedido-42' },
      { company_id: b.companyId, idempotency_key: `envio-${a.contact.number}-1` },
    ]);

    // the screens follow: the person's ticket published with the anonymised contact, its chat told once to refetch
    const erased = await expectEventually(async () => {
      const found = await erasedEvents();
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(erased).toEqual([{ companyId: a.companyId, key: `${ticket.id}`, ticketId: ticket.id }]);
    await expectEventually(async () => {
      const updates = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}tickets.ticket.v1`))
        .map((message) => JSON.parse(message.value) as Envelope & { data: TicketChange })
        .filter((event) => event.type === 'tickets.ticket.updated' && event.data.ticket.id === ticket.id);
      expect(updates.at(-1)?.companyId).toBe(a.companyId);
      expect(updates.at(-1)?.data.ticket).toMatchObject({
        lastMessage: '',
        contact: { name: ERASED_CONTACT_NAME, number: '' },
      });
    });

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
    expect(confirmed.removed).toEqual({
      messages: 0,
      notes: 0,
      schedules: 0,
      ratings: 0,
      media: 0,
      integrationSessions: 0,
      externalNumberChecks: 0,
      idempotencyKeys: 0,
      exportRequests: 0,
    });
    expect(confirmed.mediaUrls).toEqual([]);
    // no message emptied this time: the chats are not told again
    expect(await erasedEvents()).toHaveLength(1);
  });
});
