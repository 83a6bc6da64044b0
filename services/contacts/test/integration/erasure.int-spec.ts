/**
 * LGPD erasure in contacts, on real PostgreSQL and Kafka: an admin's request anonymises the contact (extra info and
 * list items with its number gone), publishes `privacy.erasure.requested` with the identifiers the other services
 * need, audits it, and the request follows each holding service's `privacy.erasure.confirmed` until done.
 */
import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { runMigrations } from '@cs/platform/database';
import { type RunningApp, startServiceApp } from '@cs/platform/bootstrap';
import {
  ErasureTopicProbe,
  expectEventually,
  nextCompanyId,
  readAllMessages,
  serviceTestEnv,
  testRun,
} from '@cs/platform/testing';
import { ERASED_CONTACT_NAME, type ErasureRequest, type ErasureRequestPage } from '@cs/proto/http';
import { contactsService } from '../../src/app.js';
import { createContactsDataSource } from '../../src/database/data-source.js';
import { TEST_HEADERS } from '../support/fake-connector.js';

jest.setTimeout(120_000);

let app: RunningApp<typeof contactsService.envSchema>;
let companyA: number;
let companyB: number;
const probe = new ErasureTopicProbe();

const call = (
  companyId: number,
  method: string,
  path: string,
  body?: unknown,
  profile: 'admin' | 'user' = 'admin',
): Promise<Response> =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...TEST_HEADERS(companyId, profile),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

const number = `2198${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  const dataSource = createContactsDataSource({ DATABASE_URL: testRun().databaseUrl });
  await runMigrations(dataSource);
  await dataSource.destroy();
  // no number check is awaited: the connector is not part of this test
  app = await startServiceApp(contactsService, serviceTestEnv({ CONTACTS_NUMBER_CHECK_WAIT_MS: '0' }), { port: 0 });
  companyA = await nextCompanyId();
  companyB = await nextCompanyId();
});

afterAll(async () => {
  await app?.close();
  await probe.close();
});

describe('erasure of a contact', () => {
  it('anonymises the contact, tells the other services and follows them until every one confirmed', async () => {
    const contact = await json<{ id: number; number: string }>(
      await call(companyA, 'POST', '/contacts', {
        name: 'Maria Titular',
        number,
        email: 'maria@exemplo.com.br',
        extraInfo: [{ name: 'CPF', value: '123.456.789-09' }],
      }),
    );
    const list = await json<{ id: number }>(await call(companyA, 'POST', '/contact-lists', { name: 'Clientes' }));
    const item = await call(companyA, 'POST', '/contact-list-items', {
      name: 'Maria',
      number: contact.number,
      contactListId: list.id,
    });
    expect(item.status).toBe(200);

    // the connector answered a number check naming the person's number and another one
    const db = app.app.get(DataSource);
    const otherResult = { number: '5521900000000', exists: false, jid: null };
    await db.query(
      `INSERT INTO number_checks (company_id, command_id, purpose, answered_at, results)
       VALUES ($1, gen_random_uuid(), 'contacts', now(), $2::jsonb)`,
      [
        companyA,
        JSON.stringify([
          { number: contact.number, exists: true, jid: `${contact.number}@s.whatsapp.net` },
          otherResult,
        ]),
      ],
    );
    const checkResults = async (): Promise<unknown[]> =>
      (
        await db.query<Array<{ results: unknown[] }>>(
          'SELECT results FROM number_checks WHERE company_id = $1 AND answered_at IS NOT NULL',
          [companyA],
        )
      ).flatMap((row) => row.results);

    // another company, a profile user, and bad ids are refused, and nothing is erased
    expect(await json(await call(companyB, 'POST', `/contacts/${contact.id}/erasure`))).toEqual(
      expect.objectContaining({ error: 'ERR_NO_CONTACT_FOUND' }),
    );
    expect((await call(companyA, 'POST', `/contacts/${contact.id}/erasure`, undefined, 'user')).status).toBe(403);
    expect((await call(companyA, 'POST', '/contacts/abc/erasure')).status).toBe(404);
    expect((await json<{ name: string }>(await call(companyA, 'GET', `/contacts/${contact.id}`))).name).toBe(
      'Maria Titular',
    );

    const response = await call(companyA, 'POST', `/contacts/${contact.id}/erasure`);
    expect(response.status).toBe(200);
    const request = await json<ErasureRequest>(response);
    expect(request).toMatchObject({ contactId: contact.id, requestedBy: 10, status: 'pending', completedAt: null });
    expect(request.services.map((service) => [service.service, service.status])).toEqual([
      ['contacts', 'confirmed'],
      ['tickets', 'pending'],
      ['campaigns', 'pending'],
      ['whatsapp-connector', 'pending'],
    ]);
    expect(request.services[0]?.removed).toEqual({
      contacts: 1,
      extraInfo: 1,
      contactListItems: 1,
      numberChecks: 1,
    });
    // the number check keeps only the other number's answer
    expect(await checkResults()).toEqual([otherResult]);

    // asking again while it is pending answers the same request
    expect((await json<ErasureRequest>(await call(companyA, 'POST', `/contacts/${contact.id}/erasure`))).id).toBe(
      request.id,
    );

    const erased = await json<{ name: string; number: string; email: string; extraInfo: unknown[] }>(
      await call(companyA, 'GET', `/contacts/${contact.id}`),
    );
    expect(erased).toMatchObject({ name: ERASED_CONTACT_NAME, number: '', email: '', extraInfo: [] });
    const items = await json<{ contacts: unknown[] }>(
      await call(companyA, 'GET', `/contact-list-items?contactListId=${list.id}`),
    );
    expect(items.contacts).toEqual([]);

    const published = await expectEventually(async () => {
      const requests = (await probe.requests()).filter((event) => event.data.requestId === request.id);
      expect(requests).toHaveLength(1);
      return requests[0]!;
    });
    expect(published.data).toMatchObject({ contactId: contact.id, number: contact.number });
    await expectEventually(async () => {
      const audit = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}audit.entry.v1`))
        .map(
          (message) =>
            JSON.parse(message.value) as { companyId: number; data: { action: string; target: { id: string } } },
        )
        .filter((entry) => entry.companyId === companyA && entry.data.action === 'contact.erased');
      expect(audit.map((entry) => entry.data.target.id)).toEqual([String(contact.id)]);
    });

    for (const service of ['tickets', 'campaigns'] as const) {
      await probe.confirm(companyA, { requestId: request.id, contactId: contact.id, service, removed: { rows: 2 } });
    }
    await expectEventually(async () => {
      const current = await json<ErasureRequest>(
        await call(companyA, 'GET', `/privacy/erasure-requests/${request.id}`),
      );
      expect(current.services.map((service) => service.status)).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
        'pending',
      ]);
      expect(current.status).toBe('pending');
    });
    // a repeated confirmation changes nothing; the last service's completes the request
    await probe.confirm(companyA, { requestId: request.id, contactId: contact.id, service: 'tickets', removed: {} });
    await probe.confirm(companyA, {
      requestId: request.id,
      contactId: contact.id,
      service: 'whatsapp-connector',
      removed: { media: 1 },
    });
    const done = await expectEventually(async () => {
      const current = await json<ErasureRequest>(
        await call(companyA, 'GET', `/privacy/erasure-requests/${request.id}`),
      );
      expect(current.status).toBe('done');
      return current;
    });
    expect(done.completedAt).not.toBeNull();
    expect(done.services.find((service) => service.service === 'tickets')?.removed).toEqual({ rows: 2 });

    // the admins' live list: the new request, then each confirmation that changed it (not the repeated one)
    const updates = await expectEventually(async () => {
      const found = (await readAllMessages(testRun().brokers, `${testRun().topicPrefix}privacy.erasure-request.v1`))
        .map((message) => JSON.parse(message.value) as { type: string; companyId: number; data: ErasureRequest })
        .filter((event) => event.data.id === request.id);
      expect(found).toHaveLength(4);
      return found;
    });
    expect(updates.every((event) => event.type === 'privacy.erasure-request.updated')).toBe(true);
    expect(updates.every((event) => event.companyId === companyA)).toBe(true);
    expect(
      updates.map((event) => event.data.services.filter((service) => service.status === 'confirmed').length),
    ).toEqual([1, 2, 3, 4]);
    expect(updates.at(-1)!.data).toEqual(done);

    const page = await json<ErasureRequestPage>(
      await call(companyA, 'GET', `/privacy/erasure-requests?contactId=${contact.id}`),
    );
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.records[0]?.id).toBe(request.id);
  });

  it("answers 404 to another company's request and the spec's error format to bad input", async () => {
    const contact = await json<{ id: number }>(
      await call(companyA, 'POST', '/contacts', {
        name: 'Outro Titular',
        number: `2197${String(Date.now()).slice(-7)}`,
      }),
    );
    const request = await json<ErasureRequest>(await call(companyA, 'POST', `/contacts/${contact.id}/erasure`));
    const foreign = await call(companyB, 'GET', `/privacy/erasure-requests/${request.id}`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ error: 'ERR_NO_DATA_REQUEST_FOUND' });
    expect((await json<ErasureRequestPage>(await call(companyB, 'GET', '/privacy/erasure-requests'))).records).toEqual(
      [],
    );
    expect((await call(companyA, 'GET', '/privacy/erasure-requests', undefined, 'user')).status).toBe(403);

    const badId = await call(companyA, 'GET', '/privacy/erasure-requests/not-a-uuid');
    expect(badId.status).toBe(400);
    expect(await json(badId)).toMatchObject({
      error: 'ERR_VALIDATION',
      details: [{ path: 'id', message: 'id inválido' }],
    });
    const badPage = await call(companyA, 'GET', '/privacy/erasure-requests?pageNumber=0');
    expect(badPage.status).toBe(400);
    expect(await json(badPage)).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});
