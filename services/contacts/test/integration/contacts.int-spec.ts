/**
 * The contacts service on real PostgreSQL and Kafka, with the connector's part played over Kafka: contacts CRUD
 * and validation, Brazil's ninth digit, WhatsApp number checks, inbound-message resolution, spreadsheet import,
 * CSV export, contact lists and items, tenancy and authentication.
 */
import { DataSource } from 'typeorm';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import {
  chunkedUpload,
  expectEventually,
  nextCompanyId,
  serviceTestEnv,
  StatementLog,
  testRun,
} from '@cs/platform/testing';
import type { EventData } from '@cs/proto/common';
import { InboundMessageResolved } from '@cs/proto/events';
import { contactsService } from '../../src/app.js';
import { createContactsDataSource } from '../../src/database/data-source.js';
import { FakeConnector, TEST_HEADERS } from '../support/fake-connector.js';
import { multipart, spreadsheet } from '../support/spreadsheets.js';

let app: RunningApp<typeof contactsService.envSchema>;
let connector: FakeConnector;
let companyA: number;
let companyB: number;

const json = async <T = Record<string, unknown>>(response: Response): Promise<T> => (await response.json()) as T;

const call = (
  companyId: number | null,
  method: string,
  path: string,
  body?: unknown,
  profile: 'admin' | 'user' = 'admin',
): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(companyId === null ? {} : TEST_HEADERS(companyId, profile)),
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });

interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  whatsappStatus: string;
  whatsappJid: string | null;
  isGroup: boolean;
  lid: string | null;
  extraInfo: Array<{ id: number; name: string; value: string }>;
}

let numberSeq = 10_000_000 + Math.floor(Math.random() * 80_000_000);
/** A fresh Brazilian mobile (national 11 digits, with the ninth digit). */
const mobile = (ddd = 21): string => {
  numberSeq += 1;
  if (/(0000|1111|2222)$/.test(String(numberSeq))) numberSeq += 7; // endings the fake connector treats specially
  // 9 + 8 digits starting with 8: its old eight-digit spelling is a mobile too (6-9), never a landline.
  return `${ddd}98${String(numberSeq % 10_000_000).padStart(7, '0')}`;
};

beforeAll(async () => {
  const dataSource = createContactsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  connector = new FakeConnector({
    invalid: (number) => number.endsWith('0000'),
    failing: (number) => number.endsWith('1111'),
    silent: (number) => number.endsWith('2222'),
  });
  await connector.start();
  app = await startServiceApp(contactsService, serviceTestEnv({ CONTACTS_NUMBER_CHECK_WAIT_MS: '8000' }), { port: 0 });
  companyA = await nextCompanyId();
  companyB = await nextCompanyId();
});

afterAll(async () => {
  await app?.close();
  await connector?.stop();
});

describe('contacts CRUD', () => {
  it("answers the spec's validation messages", async () => {
    const response = await call(companyA, 'POST', '/contacts', { name: 'A', number: '123', email: 'nope' });
    expect(response.status).toBe(400);
    const body = await json<{ error: string; details: Array<{ path: string; message: string }> }>(response);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Short!' },
        { path: 'number', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ]),
    );
    const long = await json<{ details: unknown[] }>(
      await call(companyA, 'POST', '/contacts', { name: 'x'.repeat(51), number: '' }),
    );
    expect(long.details).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Too Long!' },
        { path: 'number', message: 'Required' },
      ]),
    );
    const notPhone = await call(companyA, 'POST', '/contacts', { name: 'Ana', number: 'abcdefghij' });
    expect(await json(notPhone)).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'number', message: 'Invalid number' }],
    });
  });

  it('creates, reads, searches, updates and deletes a contact, publishing its events', async () => {
    const number = mobile();
    const created = await call(companyA, 'POST', '/contacts', {
      name: 'Conceição Araújo',
      number: `+55 (${number.slice(0, 2)}) ${number.slice(2, 7)}-${number.slice(7)}`,
      email: 'Conceicao@Exemplo.com.br',
      extraInfo: [{ name: 'CPF', value: '123.456.789-09' }],
    });
    expect(created.status).toBe(200);
    const contact = await json<Contact>(created);
    expect(contact).toMatchObject({
      name: 'Conceição Araújo',
      number: `55${number}`,
      email: 'conceicao@exemplo.com.br',
      whatsappStatus: 'valid',
      extraInfo: [{ name: 'CPF', value: '123.456.789-09' }],
    });
    expect(contact.whatsappJid).toBe(`55${number.slice(0, 2)}${number.slice(3)}@s.whatsapp.net`);

    expect(await json(await call(companyA, 'GET', `/contacts/${contact.id}`))).toMatchObject({ id: contact.id });
    const search = await json<{ contacts: Contact[]; count: number; hasMore: boolean }>(
      await call(companyA, 'GET', `/contacts/?searchParam=${encodeURIComponent('conceição')}&pageNumber=1`),
    );
    expect(search).toMatchObject({ count: 1, hasMore: false, contacts: [{ id: contact.id }] });
    const byNumber = await json<{ contacts: Contact[] }>(
      await call(companyA, 'GET', `/contacts?searchParam=${number.slice(-6)}`),
    );
    expect(byNumber.contacts.map((found) => found.id)).toEqual([contact.id]);

    const updated = await json<Contact>(
      await call(companyA, 'PUT', `/contacts/${contact.id}`, {
        name: 'Conceição A. Lima',
        number: contact.number,
        email: '',
        extraInfo: [
          { id: contact.extraInfo[0]?.id, name: 'CPF', value: '987' },
          { name: 'Plano', value: 'Ouro' },
        ],
      }),
    );
    expect(updated).toMatchObject({ name: 'Conceição A. Lima', email: '', whatsappStatus: 'valid' });
    expect(updated.extraInfo).toEqual([
      { id: contact.extraInfo[0]?.id, name: 'CPF', value: '987' },
      expect.objectContaining({ name: 'Plano', value: 'Ouro' }),
    ]);

    const asAgent = await call(companyA, 'DELETE', `/contacts/${contact.id}`, undefined, 'user');
    expect(asAgent.status).toBe(403);
    expect((await json(asAgent)).error).toBe('ERR_NO_PERMISSION');
    expect((await call(companyA, 'DELETE', `/contacts/${contact.id}`)).status).toBe(200);
    expect((await call(companyA, 'GET', `/contacts/${contact.id}`)).status).toBe(404);

    await expectEventually(() => {
      const types = connector
        .events('contacts.contact.v1')
        .filter((entry) => entry.key === String(contact.id))
        .map((entry) => entry.envelope.type);
      expect(types).toEqual(['contacts.contact.created', 'contacts.contact.updated', 'contacts.contact.deleted']);
    });
  });

  it('pages 30 contacts at a time by name with count and hasMore, and lists them all', async () => {
    const company = await nextCompanyId();
    const names = Array.from({ length: 31 }, (_, index) => `Cliente ${String(index).padStart(2, '0')}`);
    const rows = [...names].reverse().map((name) => [name, mobile(11)]);
    await call(company, 'POST', '/contacts/import', multipart(spreadsheet([['Nome', 'Número'], ...rows]), 'c.xlsx'));
    const first = await json<{ contacts: Contact[]; count: number; hasMore: boolean }>(
      await call(company, 'GET', '/contacts/'),
    );
    expect(first).toMatchObject({ count: 31, hasMore: true });
    expect(first.contacts.map((contact) => contact.name)).toEqual(names.slice(0, 30));
    const second = await json<{ contacts: Contact[]; hasMore: boolean }>(
      await call(company, 'GET', '/contacts/?pageNumber=2'),
    );
    expect(second).toMatchObject({ hasMore: false, contacts: [{ name: 'Cliente 30' }] });
    expect((await json<Contact[]>(await call(company, 'GET', '/contacts/list'))).length).toBe(31);
  });
});

describe("Brazil's ninth digit", () => {
  it('resolves every spelling of one mobile to one contact, manually and from WhatsApp', async () => {
    const number = mobile(31);
    const digits8 = `${number.slice(0, 2)}${number.slice(3)}`;
    const contact = await json<Contact>(await call(companyA, 'POST', '/contacts', { name: 'Nove Dígitos', number }));
    expect(contact.number).toBe(`55${number}`);
    for (const spelling of [
      `55${number}`,
      `+55 ${number.slice(0, 2)} ${number.slice(2, 7)}-${number.slice(7)}`,
      digits8,
      `55${digits8}`,
      `(${number.slice(0, 2)}) ${number.slice(3, 7)}-${number.slice(7)}`,
    ]) {
      const duplicate = await call(companyA, 'POST', '/contacts', { name: 'Outra Pessoa', number: spelling });
      expect({ spelling, status: duplicate.status, error: (await json(duplicate)).error }).toEqual({
        spelling,
        status: 409,
        error: 'ERR_DUPLICATED_CONTACT',
      });
    }
    const other = await json<Contact>(
      await call(companyA, 'POST', '/contacts', { name: 'Outra Pessoa', number: mobile(31) }),
    );
    const clash = await call(companyA, 'PUT', `/contacts/${other.id}`, { name: 'Outra Pessoa', number: digits8 });
    expect((await json(clash)).error).toBe('ERR_DUPLICATED_CONTACT');

    const eventId = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:55${digits8}@s.whatsapp.net`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid: `55${digits8}@s.whatsapp.net`, number: `55${digits8}`, lid: null, pushName: 'Nome do WhatsApp' }),
    );
    const resolved = await resolvedFor(eventId);
    expect(resolved.contact).toMatchObject({ id: contact.id, name: 'Nove Dígitos' });
  });
});

describe('GET /contact (a contact as a vCard)', () => {
  it("answers the company's contact with that number as a vCard, with or without the ninth digit", async () => {
    const number = mobile(31);
    const digits8 = `${number.slice(0, 2)}${number.slice(3)}`;
    const contact = await json<Contact>(await call(companyA, 'POST', '/contacts', { name: 'Cartão; Souza', number }));
    for (const spelling of [`55${number}`, `55${digits8}`, number]) {
      const response = await call(companyA, 'GET', `/contact?number=${spelling}&name=Outro`);
      expect({ spelling, status: response.status }).toEqual({ spelling, status: 200 });
      expect(response.headers.get('content-type')).toMatch(/^text\/vcard/);
      expect(await response.text()).toBe(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Cartão\\; Souza;;;\r\nFN:Cartão\\; Souza\r\n' +
          `TEL;type=CELL;waid=${contact.number}:+${contact.number}\r\nEND:VCARD\r\n`,
      );
    }
  });

  it("answers 404 for an unknown number (creating nothing) and for another company's contact", async () => {
    const number = mobile(41);
    const unknown = await call(companyA, 'GET', `/contact?number=55${number}&name=Novo`);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toBe('ERR_NO_CONTACT_FOUND');
    const search = await json<{ count: number }>(await call(companyA, 'GET', `/contacts?searchParam=${number}`));
    expect(search.count).toBe(0);

    const theirs = await json<Contact>(await call(companyA, 'POST', '/contacts', { name: 'Só da A', number }));
    const foreign = await call(companyB, 'GET', `/contact?number=${theirs.number}`);
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await call(companyA, 'GET', `/contact?number=${theirs.number}`)).status).toBe(200);
  });

  it('refuses a number that is not digits, and anonymous calls', async () => {
    for (const query of ['', '?number=', '?number=abc12345678', '?number=%2B5521988887777']) {
      const response = await call(companyA, 'GET', `/contact${query}`);
      expect({ query, status: response.status, error: (await json(response)).error }).toEqual({
        query,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    expect((await call(null, 'GET', '/contact?number=5521988887777')).status).toBe(401);
  });
});

describe('WhatsApp number checks through the connector', () => {
  it('refuses a number that is not on WhatsApp and a check that fails, creating nothing', async () => {
    const invalid = await call(companyA, 'POST', '/contacts', { name: 'Sem Zap', number: '21 99999-0000' });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).error).toBe('ERR_WAPP_INVALID_CONTACT');
    const failing = await call(companyA, 'POST', '/contacts', { name: 'Sem Sessão', number: '21 99999-1111' });
    expect(failing.status).toBe(502);
    expect((await json(failing)).error).toBe('ERR_WAPP_CHECK_CONTACT');
    const search = await json<{ count: number }>(await call(companyA, 'GET', '/contacts?searchParam=Sem'));
    expect(search.count).toBe(0);
  });

  it('creates the contact as "checking" when the connector does not answer in time', async () => {
    const created = await json<Contact>(
      await call(companyB, 'POST', '/contacts', { name: 'Lento', number: '21 98888-2222' }),
    );
    expect(created.whatsappStatus).toBe('checking');
    const commands = connector.events('whatsapp.contact.commands.v1', 'whatsapp.number.check');
    expect(commands.some((entry) => JSON.stringify(entry.envelope.data).includes('5521988882222'))).toBe(true);
  });
});

const inbound = (
  party: { jid: string; number: string | null; lid: string | null; pushName: string | null },
  extra: Record<string, unknown> = {},
) => ({
  connectionId: 1,
  chatJid: party.jid,
  isGroup: false,
  groupName: null,
  contact: party,
  messageId: `MSG${Math.random().toString(36).slice(2)}`,
  fromMe: false,
  timestamp: new Date().toISOString(),
  kind: 'text',
  body: 'Olá',
  media: null,
  location: null,
  vcards: [],
  quotedMessageId: null,
  isOffline: false,
  ...extra,
});

type Resolved = EventData<typeof InboundMessageResolved>;

async function resolvedFor(
  sourceEventId: string,
): Promise<Pick<Resolved, 'contact' | 'groupContact'> & { key: string }> {
  return expectEventually(
    () => {
      const found = connector
        .events('contacts.inbound-message.v1', 'contacts.inbound-message.resolved')
        .map((entry) => ({ key: entry.key, data: InboundMessageResolved.data.parse(entry.envelope.data) }))
        .find((entry) => entry.data.sourceEventId === sourceEventId);
      if (!found) throw new Error('not resolved yet');
      return { contact: found.data.contact, groupContact: found.data.groupContact, key: found.key };
    },
    { timeoutMs: 30_000 },
  );
}

describe('inbound WhatsApp messages', () => {
  it('creates the contact with the push name, renames it until a person names it, keyed per chat', async () => {
    const number = `55${mobile(48)}`;
    const jid = `${number}@s.whatsapp.net`;
    const first = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${jid}`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid, number, lid: '5550001@lid', pushName: 'Fulano' }),
    );
    const one = await resolvedFor(first);
    expect(one.key).toBe(`1:${jid}`);
    expect(one.contact).toMatchObject({ name: 'Fulano', number, lid: '5550001@lid', whatsappStatus: 'valid' });
    expect(one.groupContact).toBeNull();

    const second = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${jid}`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid, number, lid: '5550001@lid', pushName: 'Fulano de Tal' }),
    );
    expect((await resolvedFor(second)).contact).toMatchObject({ id: one.contact.id, name: 'Fulano de Tal' });

    await call(companyA, 'PUT', `/contacts/${one.contact.id}`, { name: 'Cliente VIP', number });
    const third = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${jid}`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid, number, lid: '5550001@lid', pushName: 'Apelido' }),
    );
    expect((await resolvedFor(third)).contact).toMatchObject({ id: one.contact.id, name: 'Cliente VIP' });

    const picture = await connector.publish('whatsapp.contact.v1', `1:${jid}`, 'whatsapp.contact.upserted', companyA, {
      connectionId: 1,
      contact: { jid, number, lid: null, pushName: 'Outro' },
      isGroup: false,
      name: null,
      profilePicUrl: 'https://media.example/pic.jpg',
    });
    expect(picture).toBeTruthy();
    await expectEventually(async () =>
      expect(await json(await call(companyA, 'GET', `/contacts/${one.contact.id}`))).toMatchObject({
        name: 'Cliente VIP',
        profilePicUrl: 'https://media.example/pic.jpg',
      }),
    );
  });

  it('resolves a known contact with few round trips (issue 22: 9 statements before, 7 after)', async () => {
    const number = `55${mobile(51)}`;
    const jid = `${number}@s.whatsapp.net`;
    const party = { jid, number, lid: '5550002@lid', pushName: 'Sicrano' };
    const first = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${jid}`,
      'whatsapp.message.received',
      companyA,
      inbound(party),
    );
    const known = (await resolvedFor(first)).contact;
    const log = new StatementLog(app.app.get(DataSource));
    try {
      const again = await connector.publish(
        'whatsapp.inbound-message.v1',
        `1:${jid}`,
        'whatsapp.message.received',
        companyA,
        inbound(party),
      );
      expect((await resolvedFor(again)).contact).toMatchObject({ id: known.id, name: 'Sicrano', lid: '5550002@lid' });
      const statements = await expectEventually(() => {
        const found = log.transactionOf(again);
        if (!found?.some((statement) => statement.sql === 'COMMIT')) throw new Error('not committed yet');
        return found;
      });
      // BEGIN, inbox, the number's and the LID's locks (one statement), the contact (by number or LID), its extra
      // info, the outbox, COMMIT
      if (statements.length > 8) {
        throw new Error(
          `${statements.length} statements:\n${statements.map((statement) => statement.sql.slice(0, 160)).join('\n')}`,
        );
      }
    } finally {
      log.stop();
    }
  });

  it('resolves group messages to the group contact (its group id kept) and the participant', async () => {
    const number = `55${mobile(51)}`;
    const groupJid = `1203630${Date.now()}@g.us`;
    const eventId = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${groupJid}`,
      'whatsapp.message.received',
      companyA,
      inbound(
        { jid: `${number}@s.whatsapp.net`, number, lid: null, pushName: 'Participante' },
        {
          chatJid: groupJid,
          isGroup: true,
          groupName: 'Família',
        },
      ),
    );
    const resolved = await resolvedFor(eventId);
    expect(resolved.groupContact).toMatchObject({ name: 'Família', number: groupJid.split('@')[0], isGroup: true });
    expect(resolved.contact).toMatchObject({ name: 'Participante', number, isGroup: false });
  });

  it('relays the file the connector refused (refusedMedia) with the resolved message', async () => {
    const number = `55${mobile(31)}`;
    const jid = `${number}@s.whatsapp.net`;
    const refusedMedia = { fileName: 'clip.webm', mimeType: 'video/webm', reason: 'unsupported-type' };
    const eventId = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${jid}`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid, number, lid: null, pushName: 'Cliente' }, { kind: 'video', body: '', refusedMedia }),
    );
    await resolvedFor(eventId);
    const resolved = connector
      .events('contacts.inbound-message.v1', 'contacts.inbound-message.resolved')
      .map((entry) => InboundMessageResolved.data.parse(entry.envelope.data))
      .find((data) => data.sourceEventId === eventId);
    expect(resolved?.source.data).toMatchObject({ kind: 'video', media: null, refusedMedia });
  });

  it('keeps a LID-only contact and gives it its number when WhatsApp maps the LID', async () => {
    const lid = `${Date.now()}@lid`;
    const eventId = await connector.publish(
      'whatsapp.inbound-message.v1',
      `1:${lid}`,
      'whatsapp.message.received',
      companyA,
      inbound({ jid: lid, number: null, lid, pushName: 'Privado' }),
    );
    const resolved = await resolvedFor(eventId);
    expect(resolved.contact).toMatchObject({ number: '', lid, name: 'Privado' });
    const number = `55${mobile(61)}`;
    await connector.publish('whatsapp.contact.v1', `1:${lid}`, 'whatsapp.contact.upserted', companyA, {
      connectionId: 1,
      contact: { jid: `${number}@s.whatsapp.net`, number, lid, pushName: 'Privado' },
      isGroup: false,
      name: null,
      profilePicUrl: null,
    });
    await expectEventually(async () =>
      expect(await json(await call(companyA, 'GET', `/contacts/${resolved.contact.id}`))).toMatchObject({
        number,
        lid,
      }),
    );
  });
});

describe('spreadsheet import and CSV export', () => {
  it('imports good rows, reports exactly the bad ones by row number and merges duplicates', async () => {
    const company = await nextCompanyId();
    const existing = mobile(85);
    await call(company, 'POST', '/contacts', { name: 'Já Existia', number: existing });
    const dup = mobile(85);
    const file = spreadsheet([
      ['Lista de clientes'],
      ['Nome', 'Número', 'E-mail'],
      ['Ana Paula', mobile(85), 'ana@exemplo.com'],
      ['Bruno', '123', ''],
      ['Carla', dup, ''],
      ['', '', ''],
      ['Carla Souza', `55${dup.slice(0, 2)}${dup.slice(3)}`, 'carla@exemplo.com'],
      ['Daniel', '', ''],
      ['Outro Nome', existing, 'existia@exemplo.com'],
      ['Eva', Number(`55${mobile(85)}`), 'eva@'],
      ['Fábio', Number(`55${mobile(85)}`), ''],
    ]);
    const response = await call(company, 'POST', '/contacts/import', multipart(file, 'clientes.xlsx'));
    expect(response.status).toBe(200);
    const report = await json<Record<string, unknown>>(response);
    expect(report).toMatchObject({ status: 'done', processed: 8, imported: 3, merged: 2, invalid: 3 });
    expect(report['invalidRows']).toEqual([
      { row: 4, reason: 'Número inválido' },
      { row: 8, reason: 'Número ausente' },
      { row: 10, reason: 'Email inválido' },
    ]);
    const all = await json<Contact[]>(await call(company, 'GET', '/contacts/list'));
    expect(all.map((contact) => [contact.name, contact.email]).sort()).toEqual(
      [
        ['Ana Paula', 'ana@exemplo.com'],
        ['Carla', 'carla@exemplo.com'],
        ['Fábio', ''],
        ['Já Existia', 'existia@exemplo.com'],
      ].sort(),
    );
    await expectEventually(() => {
      const progress = connector.events('contacts.import.v1').filter((entry) => entry.key === report['id']);
      expect(progress.at(-1)?.envelope.data).toMatchObject({ done: true, imported: 3, invalid: 3, target: 'contacts' });
    });
  });

  it('imports an .xls too and refuses what is not a spreadsheet', async () => {
    const company = await nextCompanyId();
    const xls = spreadsheet(
      [
        ['nome', 'numero', 'email'],
        ['Gilberto', mobile(71), 'gil@exemplo.com'],
      ],
      'biff8',
    );
    const report = await json(await call(company, 'POST', '/contacts/upload', multipart(xls, 'antigo.xls')));
    expect(report).toMatchObject({ status: 'done', imported: 1, invalid: 0 });
    // the bytes decide: markup named and declared as a spreadsheet is refused (issue 13)
    const html = await call(
      company,
      'POST',
      '/contacts/import',
      multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'contatos.xlsx'),
    );
    expect(html.status).toBe(415);
    const picture = await call(
      company,
      'POST',
      '/contacts/import',
      multipart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'contatos.png'),
    );
    expect(picture.status).toBe(415);
    const broken = await call(
      company,
      'POST',
      '/contacts/import',
      multipart(Buffer.from('PK\x03\x04broken'), 'x.xlsx'),
    );
    expect(broken.status).toBe(400);
    expect((await json(broken)).error).toBe('ERR_IMPORT_INVALID_FILE');
  });

  it('decides on a streamed spreadsheet as it arrives: 415 from its first bytes, 413 at the limit, the rest unread', async () => {
    const company = await nextCompanyId();
    const MIB = 1024 * 1024;
    const boundary = 'xContactsImportBoundary';
    const upload = (path: string, name: string, first: string) =>
      chunkedUpload(`${app.url}${path}`, {
        headers: { ...TEST_HEADERS(company, 'admin'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        head:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: text/csv\r\n\r\n${first}`,
        bodyBytes: 200 * MIB,
        tail: `\r\n--${boundary}--\r\n`,
      });
    for (const path of ['/contacts/import', '/contacts/upload']) {
      // a page named and declared as a CSV, 200 MiB long: refused from its first bytes, not at the 25 MiB limit
      const page = await upload(path, 'contatos.csv', '<html><script>alert(1)</script>');
      expect([path, page.status, JSON.parse(page.body)]).toEqual([
        path,
        415,
        expect.objectContaining({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'Envie uma planilha .xls ou .xlsx.' }),
      ]);
      expect(page.sent).toBeLessThan(200 * MIB);
      expect(page.arrayBuffersPeak).toBeLessThan(100 * MIB);
      // a CSV past the limit: 413 while it streams, never read to its end
      const large = await upload(path, 'contatos.csv', 'nome;numero\n');
      expect([path, large.status, JSON.parse(large.body).error]).toEqual([path, 413, 'ERR_PAYLOAD_TOO_LARGE']);
      expect(large.sent).toBeLessThan(200 * MIB);
      expect(large.arrayBuffersPeak).toBeLessThan(100 * MIB);
    }
    const imports = await json<{ contacts: Contact[] }>(await call(company, 'GET', '/contacts'));
    expect(imports.contacts).toEqual([]);
  }, 60_000);

  it('imports CSV: semicolons in Latin-1, commas in UTF-8, and its own export into another company', async () => {
    const company = await nextCompanyId();
    const latin1 = Buffer.from(
      `Nome;Número;Email\r\nJoão Ávila;${mobile(21)};joao@exemplo.com\r\n"Maria; da Silva";${mobile(21)};\r\nSem Número;;\r\n`,
      'latin1',
    );
    const first = await call(company, 'POST', '/contacts/import', multipart(latin1, 'contatos.csv'));
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({
      status: 'done',
      imported: 2,
      invalid: 1,
      invalidRows: [{ row: 4, reason: 'Número ausente' }],
    });
    const utf8 = Buffer.from(`\uFEFFname,number,email\n"Ênio, o Grande",${mobile(31)},enio@exemplo.com\n`, 'utf8');
    expect(await json(await call(company, 'POST', '/contacts/import', multipart(utf8, 'export.csv')))).toMatchObject({
      status: 'done',
      imported: 1,
    });
    const names = (await json<Contact[]>(await call(company, 'GET', '/contacts/list'))).map((contact) => contact.name);
    expect(names.sort()).toEqual(['João Ávila', 'Maria; da Silva', 'Ênio, o Grande'].sort());

    const exported = Buffer.from(await (await call(company, 'GET', '/contacts/export')).arrayBuffer());
    const other = await nextCompanyId();
    const back = await json(await call(other, 'POST', '/contacts/import', multipart(exported, 'contatos.csv')));
    expect(back).toMatchObject({ status: 'done', imported: 3, invalid: 0 });
  });

  it('exports CSV with a BOM that round-trips accents and neutralises formulas', async () => {
    const company = await nextCompanyId();
    await call(
      company,
      'POST',
      '/contacts/import',
      multipart(
        spreadsheet([
          ['Nome', 'Número', 'Email'],
          ['João Ávila; Filho', mobile(11), 'joao@exemplo.com.br'],
          ['=HYPERLINK("http://mal.example","clique")', mobile(11), ''],
          ['@SOMA(A1)', mobile(11), ''],
        ]),
        'x.xlsx',
      ),
    );
    const response = await call(company, 'GET', '/contacts/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('name;number;email');
    expect(lines).toContain(
      `"João Ávila; Filho";${lines.find((line) => line.startsWith('"João'))?.split(';')[2]};joao@exemplo.com.br`,
    );
    expect(lines.some((line) => line.startsWith('"\'=HYPERLINK(""http://mal.example"",""clique"")"'))).toBe(true);
    expect(lines.some((line) => line.startsWith("'@SOMA(A1);"))).toBe(true);
    expect(lines).toHaveLength(4);
  });
});

describe('contact lists and items', () => {
  it('manages lists and items, fills isWhatsappValid asynchronously and imports a spreadsheet into a list', async () => {
    const invalidName = await call(companyA, 'POST', '/contact-lists', { name: 'X' });
    expect(await json(invalidName)).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'name', message: 'Too Short!' }],
    });
    const list = await json<{ id: number; name: string; contactsCount: number }>(
      await call(companyA, 'POST', '/contact-lists', { name: 'Black Friday' }),
    );
    expect(list).toMatchObject({ name: 'Black Friday', contactsCount: 0 });

    const valid = await json<{ id: number; isWhatsappValid: boolean | null }>(
      await call(companyA, 'POST', '/contact-list-items', {
        name: 'Item Um',
        number: mobile(),
        email: '',
        contactListId: list.id,
      }),
    );
    expect(valid.isWhatsappValid).toBeNull();
    const invalid = await json<{ id: number }>(
      await call(companyA, 'POST', '/contact-list-items', {
        name: 'Item Dois',
        number: '21 97777-0000',
        contactListId: list.id,
      }),
    );
    await expectEventually(async () => {
      expect(await json(await call(companyA, 'GET', `/contact-list-items/${valid.id}`))).toMatchObject({
        isWhatsappValid: true,
      });
      expect(await json(await call(companyA, 'GET', `/contact-list-items/${invalid.id}`))).toMatchObject({
        isWhatsappValid: false,
      });
    });
    const duplicate = await call(companyA, 'POST', '/contact-list-items', {
      name: 'Repetido',
      number: '+55 21 97777-0000',
      contactListId: list.id,
    });
    expect((await json(duplicate)).error).toBe('ERR_DUPLICATED_CONTACT');

    const upload = await call(
      companyA,
      'POST',
      `/contact-lists/${list.id}/upload`,
      multipart(
        spreadsheet([
          ['Nome', 'Celular'],
          ['Lia', mobile(27)],
          ['Ruim', '12'],
          ['Dois de novo', '21977770000'],
        ]),
        'lista.xlsx',
      ),
    );
    expect(await json(upload)).toMatchObject({ status: 'done', imported: 1, merged: 1, invalidRows: [{ row: 3 }] });

    const items = await json<{ contacts: Array<{ name: string }>; count: number; hasMore: boolean }>(
      await call(companyA, 'GET', `/contact-list-items?contactListId=${list.id}&pageNumber=1`),
    );
    expect(items).toMatchObject({ count: 3, hasMore: false });
    expect(items.contacts.map((item) => item.name)).toEqual(['Item Dois', 'Item Um', 'Lia']);
    const lists = await json<{ records: Array<{ id: number; contactsCount: number }>; count: number }>(
      await call(companyA, 'GET', '/contact-lists/?searchParam=black'),
    );
    expect(lists.records).toEqual([expect.objectContaining({ id: list.id, contactsCount: 3 })]);
    expect((await json<unknown[]>(await call(companyA, 'GET', '/contact-lists/list'))).length).toBeGreaterThan(0);

    const example = await call(companyA, 'GET', '/contact-lists/example.xlsx');
    expect(example.status).toBe(200);
    expect([...Buffer.from(await example.arrayBuffer()).subarray(0, 2)]).toEqual([0x50, 0x4b]);

    expect((await call(companyA, 'PUT', `/contact-lists/${list.id}`, { name: 'Natal' })).status).toBe(200);
    expect((await call(companyA, 'DELETE', `/contact-list-items/${valid.id}`, undefined, 'user')).status).toBe(403);
    expect((await call(companyA, 'DELETE', `/contact-list-items/${valid.id}`)).status).toBe(200);
    expect((await call(companyA, 'DELETE', `/contact-lists/${list.id}`)).status).toBe(200);
    expect((await call(companyA, 'GET', `/contact-list-items/${invalid.id}`)).status).toBe(404);
    await expectEventually(() => {
      const types = connector
        .events('contacts.contact-list.v1')
        .filter((entry) => entry.key === String(list.id))
        .map((entry) => entry.envelope.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'contacts.contact-list.created',
          'contacts.contact-list-item.updated',
          'contacts.contact-list.deleted',
        ]),
      );
    });
    // the realtime record is the REST record: the list's and every item's (imports and checks too) timestamps
    const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const envelopes = connector
      .events('contacts.contact-list.v1')
      .filter((entry) => entry.key === String(list.id))
      .map((entry) => entry.envelope);
    expect(envelopes.find((envelope) => envelope.type === 'contacts.contact-list.created')?.data).toEqual({
      ...list,
      createdAt: iso,
      updatedAt: iso,
    });
    const itemEvents = envelopes.filter((envelope) =>
      /^contacts\.contact-list-item\.(created|updated)$/.test(envelope.type),
    );
    expect(itemEvents.length).toBeGreaterThanOrEqual(3);
    for (const item of itemEvents) expect(item.data).toMatchObject({ createdAt: iso, updatedAt: iso });
  });
});

describe('tenancy and authentication', () => {
  it("answers another company's ids with 404 and refuses anonymous calls on every route", async () => {
    const contact = await json<Contact>(
      await call(companyA, 'POST', '/contacts', { name: 'Só da A', number: mobile(19) }),
    );
    const list = await json<{ id: number }>(await call(companyA, 'POST', '/contact-lists', { name: 'Lista da A' }));
    const item = await json<{ id: number }>(
      await call(companyA, 'POST', '/contact-list-items', {
        name: 'Item da A',
        number: mobile(19),
        contactListId: list.id,
      }),
    );
    const importReport = await json<{ id: string }>(
      await call(
        companyA,
        'POST',
        '/contacts/import',
        multipart(
          spreadsheet([
            ['Nome', 'Número'],
            ['Z', '1'],
          ]),
          'a.xlsx',
        ),
      ),
    );
    const file = () =>
      multipart(
        spreadsheet([
          ['Nome', 'Número'],
          ['Zeca', mobile(19)],
        ]),
        'b.xlsx',
      );
    const foreign: Array<[string, string, unknown?]> = [
      ['GET', `/contacts/${contact.id}`],
      ['PUT', `/contacts/${contact.id}`, { name: 'Invasor', number: mobile(19) }],
      ['DELETE', `/contacts/${contact.id}`],
      ['GET', `/contacts/imports/${importReport.id}`],
      ['GET', `/contact-lists/${list.id}`],
      ['PUT', `/contact-lists/${list.id}`, { name: 'Invasor' }],
      ['DELETE', `/contact-lists/${list.id}`],
      ['POST', `/contact-lists/${list.id}/upload`, file()],
      ['GET', `/contact-list-items/${item.id}`],
      ['PUT', `/contact-list-items/${item.id}`, { name: 'Invasor', number: mobile(19), contactListId: list.id }],
      ['DELETE', `/contact-list-items/${item.id}`],
      ['POST', '/contact-list-items', { name: 'Invasor', number: mobile(19), contactListId: list.id }],
    ];
    for (const [method, path, body] of foreign) {
      const response = await call(companyB, method, path, body);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    const listedByB = await json<{ contacts: Contact[] }>(
      await call(companyB, 'GET', `/contact-list-items?contactListId=${list.id}`),
    );
    expect(listedByB.contacts).toEqual([]);
    expect(await json(await call(companyA, 'GET', `/contacts/${contact.id}`))).toMatchObject({ name: 'Só da A' });

    const routes: Array<[string, string]> = [
      ['GET', '/contacts'],
      ['GET', '/contacts/list'],
      ['GET', '/contacts/export'],
      ['GET', `/contacts/${contact.id}`],
      ['POST', '/contacts'],
      ['PUT', `/contacts/${contact.id}`],
      ['DELETE', `/contacts/${contact.id}`],
      ['POST', '/contacts/import'],
      ['POST', '/contacts/upload'],
      ['GET', `/contacts/imports/${importReport.id}`],
      ['GET', '/contact-lists'],
      ['GET', '/contact-lists/list'],
      ['GET', '/contact-lists/example.xlsx'],
      ['GET', `/contact-lists/${list.id}`],
      ['POST', '/contact-lists'],
      ['PUT', `/contact-lists/${list.id}`],
      ['DELETE', `/contact-lists/${list.id}`],
      ['POST', `/contact-lists/${list.id}/upload`],
      ['GET', '/contact-list-items'],
      ['GET', '/contact-list-items/list'],
      ['GET', `/contact-list-items/${item.id}`],
      ['POST', '/contact-list-items'],
      ['PUT', `/contact-list-items/${item.id}`],
      ['DELETE', `/contact-list-items/${item.id}`],
    ];
    for (const [method, path] of routes) {
      const response = await call(null, method, path);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
    }
  });
});

describe('contacts.contact.ensure (the external send API writing to a new number)', () => {
  it('creates the contact of a confirmed number once, in canonical form, and reuses it after', async () => {
    const national = mobile(11);
    const digits = `55${national}`;
    // WhatsApp knows the account by its eight-digit number: the contact keeps the canonical ninth digit
    const oldSpelling = `${digits.slice(0, 4)}${digits.slice(5)}`;
    const ensure = (number: string) =>
      connector.publish('contacts.contact.commands.v1', String(companyB), 'contacts.contact.ensure', companyB, {
        commandId: crypto.randomUUID(),
        connectionId: 7,
        jid: `${number}@s.whatsapp.net`,
        number,
      });
    await ensure(oldSpelling);
    const found = await expectEventually(async () => {
      const page = await json<{ contacts: Contact[] }>(
        await call(companyB, 'GET', `/contacts?searchParam=${national.slice(-8)}`),
      );
      expect(page.contacts).toHaveLength(1);
      return page.contacts[0] as Contact;
    });
    expect(found).toMatchObject({ number: digits, name: digits, whatsappStatus: 'valid', isGroup: false });
    await ensure(digits);
    // a later command on the same key: once its contact exists, the one before it was handled
    const marker = `55${mobile(11)}`;
    await ensure(marker);
    await expectEventually(async () => {
      const page = await json<{ contacts: Contact[] }>(
        await call(companyB, 'GET', `/contacts?searchParam=${marker.slice(-8)}`),
      );
      expect(page.contacts).toHaveLength(1);
    });
    const again = await json<{ contacts: Contact[] }>(
      await call(companyB, 'GET', `/contacts?searchParam=${national.slice(-8)}`),
    );
    expect(again.contacts.map((contact) => contact.id)).toEqual([found.id]);
    // another company never sees it
    const other = await json<{ contacts: Contact[] }>(
      await call(companyA, 'GET', `/contacts?searchParam=${national.slice(-8)}`),
    );
    expect(other.contacts).toEqual([]);
  });
});
