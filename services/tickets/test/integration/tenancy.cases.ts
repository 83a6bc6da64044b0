/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * Tenancy of the routes around the ticket (tags, kanban, quick messages, notes, schedules, dashboard, queue
 * options and media): company B's admin gets the resource's not-found code (404) for every id of company A,
 * never its data; lists show only B's records; and every route refuses a call without a user (401).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { nextCompanyId } from '@cs/platform/testing';
import { type CompanySetup, PNG_BYTES, setupCompany, sharedHarness, ticketFrom, upload } from '../support/harness.js';

const harness = sharedHarness();
let a: CompanySetup;
let b: CompanySetup;
const ids = { ticket: 0, tag: 0, reply: 0, note: 0, schedule: 0, queue: 0, option: 0 };

beforeAll(async () => {
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ids.ticket = (await ticketFrom(harness, a, a.contact, 'Olá, empresa A')).id;
  ids.tag = (await harness.http('POST', '/tags', a.admin, { name: 'Tag da A', kanban: 1 })).body.id;
  await harness.http('POST', '/tags/sync', a.admin, { ticketId: ids.ticket, tags: [ids.tag] });
  ids.reply = (
    await harness.http('POST', '/quick-messages', a.admin, { shortcode: 'a', message: 'Resposta da A', geral: true })
  ).body.id;
  ids.note = (
    await harness.http('POST', '/ticket-notes', a.admin, { note: 'Nota da A', ticketId: ids.ticket })
  ).body.id;
  ids.schedule = (
    await harness.http('POST', '/schedules', a.admin, {
      body: 'Agendamento da empresa A',
      contactId: a.contact.id,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    })
  ).body.id;
  ids.queue = (await harness.http('POST', '/queue', a.admin, { name: 'Fila A', color: '#111111' })).body.id;
  ids.option = (
    await harness.http('POST', '/queue-options', a.admin, { queueId: ids.queue, title: 'Opção A', option: '1' })
  ).body.id;
  expect(Object.values(ids).every((id) => typeof id === 'number' && id > 0)).toBe(true);
});

const file = () => upload('file', 'foto.png', 'image/png', PNG_BYTES);

type Call = [method: string, path: () => string, body: (() => unknown) | object | undefined, code: string];

describe("another company's ids answer 404", () => {
  it.each<Call>([
    ['GET', () => `/tags/${ids.tag}`, undefined, 'ERR_NO_TAG_FOUND'],
    ['PUT', () => `/tags/${ids.tag}`, { name: 'Roubada' }, 'ERR_NO_TAG_FOUND'],
    ['DELETE', () => `/tags/${ids.tag}`, undefined, 'ERR_NO_TAG_FOUND'],
    ['POST', () => '/tags/sync', () => ({ ticketId: ids.ticket, tags: [] }), 'ERR_NO_TICKET_FOUND'],
    ['PUT', () => `/ticket-tags/${ids.ticket}/${ids.tag}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['DELETE', () => `/ticket-tags/${ids.ticket}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['GET', () => `/quick-messages/${ids.reply}`, undefined, 'ERR_NO_QUICK_MESSAGE_FOUND'],
    ['PUT', () => `/quick-messages/${ids.reply}`, { message: 'x' }, 'ERR_NO_QUICK_MESSAGE_FOUND'],
    ['DELETE', () => `/quick-messages/${ids.reply}`, undefined, 'ERR_NO_QUICK_MESSAGE_FOUND'],
    ['POST', () => `/quick-messages/${ids.reply}/media-upload`, file, 'ERR_NO_QUICK_MESSAGE_FOUND'],
    ['DELETE', () => `/quick-messages/${ids.reply}/media-upload`, undefined, 'ERR_NO_QUICK_MESSAGE_FOUND'],
    ['GET', () => `/ticket-notes/${ids.note}`, undefined, 'ERR_NO_TICKET_NOTE_FOUND'],
    ['PUT', () => `/ticket-notes/${ids.note}`, { note: 'Alterada' }, 'ERR_NO_TICKET_NOTE_FOUND'],
    ['DELETE', () => `/ticket-notes/${ids.note}`, undefined, 'ERR_NO_TICKET_NOTE_FOUND'],
    ['GET', () => `/ticket-notes/list?ticketId=${ids.ticket}`, undefined, 'ERR_NO_TICKET_FOUND'],
    ['GET', () => `/ticket-notes/list?contactId=${a.contact.id}`, undefined, 'ERR_NO_CONTACT_FOUND'],
    ['POST', () => '/ticket-notes', () => ({ note: 'Intrusa', ticketId: ids.ticket }), 'ERR_NO_TICKET_FOUND'],
    ['GET', () => `/schedules/${ids.schedule}`, undefined, 'ERR_NO_SCHEDULE_FOUND'],
    ['PUT', () => `/schedules/${ids.schedule}`, { body: 'Alterado por B' }, 'ERR_NO_SCHEDULE_FOUND'],
    ['DELETE', () => `/schedules/${ids.schedule}`, undefined, 'ERR_NO_SCHEDULE_FOUND'],
    ['POST', () => `/schedules/${ids.schedule}/media-upload`, file, 'ERR_NO_SCHEDULE_FOUND'],
    ['DELETE', () => `/schedules/${ids.schedule}/media-upload`, undefined, 'ERR_NO_SCHEDULE_FOUND'],
    [
      'POST',
      () => '/schedules',
      () => ({ body: 'Para o contato da A', contactId: a.contact.id, sendAt: new Date().toISOString() }),
      'ERR_NO_CONTACT_FOUND',
    ],
    ['POST', () => `/queue/${ids.queue}/media-upload`, file, 'ERR_NOT_FOUND'],
    ['DELETE', () => `/queue/${ids.queue}/media-upload`, undefined, 'ERR_NOT_FOUND'],
    ['GET', () => `/queue-options/${ids.option}`, undefined, 'ERR_NOT_FOUND'],
    ['PUT', () => `/queue-options/${ids.option}`, { title: 'Roubada' }, 'ERR_NOT_FOUND'],
    ['DELETE', () => `/queue-options/${ids.option}`, undefined, 'ERR_NOT_FOUND'],
    ['POST', () => '/queue-options', () => ({ queueId: ids.queue, title: 'Intrusa', option: '2' }), 'ERR_NOT_FOUND'],
    ['POST', () => `/queue-options/${ids.option}/media-upload`, file, 'ERR_NOT_FOUND'],
    ['DELETE', () => `/queue-options/${ids.option}/media-upload`, undefined, 'ERR_NOT_FOUND'],
  ])('%s %s', async (method, path, body, code) => {
    const payload = typeof body === 'function' ? body() : body;
    const response = await harness.http(method, path(), b.admin, payload);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(code);
  });

  it("keeps none of the files B uploaded to A's records (streamed into B's folder, removed with the 404)", async () => {
    const paths = [
      `/quick-messages/${ids.reply}/media-upload`,
      `/schedules/${ids.schedule}/media-upload`,
      `/queue/${ids.queue}/media-upload`,
      `/queue-options/${ids.option}/media-upload`,
    ];
    for (const path of paths)
      expect([path, (await harness.http('POST', path, b.admin, file())).status]).toEqual([path, 404]);
    const folder = join(harness.mediaDir, String(b.companyId));
    const left = existsSync(folder)
      ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(left).toEqual([]);
  });

  it("a ticket of B cannot take A's tag", async () => {
    const own = await ticketFrom(harness, b, b.contact, 'Olá, empresa B');
    const sync = await harness.http('POST', '/tags/sync', b.admin, { ticketId: own.id, tags: [ids.tag] });
    expect(sync.status).toBe(404);
    expect(sync.body.error).toBe('ERR_NO_TAG_FOUND');
    const put = await harness.http('PUT', `/ticket-tags/${own.id}/${ids.tag}`, b.admin);
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('ERR_NO_TAG_FOUND');
  });

  it("B's queues, tickets and menu options cannot refer to A's prompt, integration or queue", async () => {
    const prompt = await harness.http('POST', '/prompt', a.admin, {
      name: 'Atendente da A',
      prompt: 'Seja gentil.',
      apiKey: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789',
      queueId: ids.queue,
    });
    const integration = await harness.http('POST', '/queueIntegration', a.admin, {
      type: 'typebot',
      name: 'Bot da A',
      urlN8N: 'https://typebot.exemplo.com.br',
      typebotSlug: 'bot-a',
    });
    expect([prompt.status, integration.status]).toEqual([200, 200]);
    const queue = await harness.http('POST', '/queue', b.admin, { name: 'Fila B', color: '#222222' });
    const option = await harness.http('POST', '/queue-options', b.admin, {
      queueId: queue.body.id,
      title: 'Opção B',
      option: '1',
    });
    const ticket = await ticketFrom(harness, b, b.contact, 'Olá, referências');
    const refused: Array<[string, string, object, string]> = [
      ['POST', '/queue', { name: 'Fila B2', color: '#333333', promptId: prompt.body.id }, 'ERR_NO_PROMPT_FOUND'],
      [
        'POST',
        '/queue',
        { name: 'Fila B3', color: '#444444', integrationId: integration.body.id },
        'ERR_NO_INTEGRATION_FOUND',
      ],
      ['PUT', `/queue/${queue.body.id}`, { promptId: prompt.body.id }, 'ERR_NO_PROMPT_FOUND'],
      ['PUT', `/queue/${queue.body.id}`, { integrationId: integration.body.id }, 'ERR_NO_INTEGRATION_FOUND'],
      ['PUT', `/tickets/${ticket.id}`, { promptId: prompt.body.id }, 'ERR_NO_PROMPT_FOUND'],
      ['PUT', `/tickets/${ticket.id}`, { integrationId: integration.body.id }, 'ERR_NO_INTEGRATION_FOUND'],
      ['PUT', `/queue-options/${option.body.id}`, { title: 'Outra', queueId: ids.queue }, 'ERR_NOT_FOUND'],
      ['PUT', `/queue-options/${option.body.id}`, { title: 'Outra', parentId: ids.option }, 'ERR_NOT_FOUND'],
    ];
    for (const [method, path, body, code] of refused) {
      const response = await harness.http(method, path, b.admin, body);
      expect([method, path, body, response.status, response.body.error]).toEqual([method, path, body, 404, code]);
    }
    // nothing of A was stored on B's records
    expect((await harness.http('GET', `/queue/${queue.body.id}`, b.admin)).body).toMatchObject({
      promptId: null,
      integrationId: null,
    });
    expect((await harness.http('GET', `/queue-options/${option.body.id}`, b.admin)).body).toMatchObject({
      title: 'Opção B',
      queueId: queue.body.id,
    });
    const [stored] = await harness.query<{ prompt_id: number | null; integration_id: number | null }>(
      'SELECT prompt_id, integration_id FROM tickets.tickets WHERE company_id = $1 AND id = $2',
      [b.companyId, ticket.id],
    );
    expect(stored).toEqual({ prompt_id: null, integration_id: null });
  });

  it("lists hold only the caller's company records", async () => {
    const lists = await Promise.all([
      harness.http('GET', '/tags', b.admin),
      harness.http('GET', '/tags/list', b.admin),
      harness.http('GET', '/tags/kanban', b.admin),
      harness.http('GET', '/quick-messages', b.admin),
      harness.http('GET', '/quick-messages/list', b.admin),
      harness.http('GET', '/ticket-notes', b.admin),
      harness.http('GET', '/schedules', b.admin),
      harness.http('GET', `/queue-options?queueId=${ids.queue}`, b.admin),
      harness.http('GET', '/ticket/kanban', b.admin),
    ]);
    expect(lists.map((response) => response.status)).toEqual(Array(lists.length).fill(200));
    const [tags, tagList, lanes, replies, replyList, notes, schedules, options, kanban] = lists.map((r) => r.body);
    expect(tags.tags).toEqual([]);
    expect(tagList).toEqual([]);
    expect(lanes.lista).toEqual([]);
    expect(replies.records).toEqual([]);
    expect(replyList).toEqual([]);
    expect(notes.ticketNotes).toEqual([]);
    expect(schedules.schedules).toEqual([]);
    expect(options).toEqual([]);
    expect(kanban.tickets.map((ticket: { id: number }) => ticket.id)).not.toContain(ids.ticket);
    // and A still has everything
    expect((await harness.http('GET', '/tags/list', a.admin)).body).toHaveLength(1);
    expect((await harness.http('GET', `/schedules/${ids.schedule}`, a.admin)).body.status).toBe('PENDENTE');
  });

  it("the dashboard counts only the caller's company", async () => {
    const { body } = await harness.http('GET', '/dashboard?days=1', b.admin);
    // B has its one pending ticket (from the test above); A's pending ticket is not counted
    expect(body.counters).toMatchObject({ supportPending: 1, supportHappening: 0, leads: 1 });
    expect(body.attendants.map((attendant: { name: string }) => attendant.name)).toEqual([
      'Ana Admin',
      'Bruno Atendente',
    ]);
    const ofA = await harness.http('GET', '/dashboard?days=1', a.admin);
    expect(ofA.body.counters).toMatchObject({ supportPending: 1, leads: 1 });
  });
});

describe('anonymous calls are refused', () => {
  it.each([
    ['GET', '/tags'],
    ['GET', '/tags/list'],
    ['GET', '/tags/kanban'],
    ['GET', '/tags/1'],
    ['POST', '/tags'],
    ['PUT', '/tags/1'],
    ['DELETE', '/tags/1'],
    ['POST', '/tags/sync'],
    ['PUT', '/ticket-tags/1/1'],
    ['DELETE', '/ticket-tags/1'],
    ['GET', '/quick-messages'],
    ['GET', '/quick-messages/list'],
    ['GET', '/quick-messages/1'],
    ['POST', '/quick-messages'],
    ['PUT', '/quick-messages/1'],
    ['DELETE', '/quick-messages/1'],
    ['POST', '/quick-messages/1/media-upload'],
    ['DELETE', '/quick-messages/1/media-upload'],
    ['GET', '/ticket-notes'],
    ['GET', '/ticket-notes/list'],
    ['GET', '/ticket-notes/1'],
    ['POST', '/ticket-notes'],
    ['PUT', '/ticket-notes/1'],
    ['DELETE', '/ticket-notes/1'],
    ['GET', '/schedules'],
    ['GET', '/schedules/1'],
    ['POST', '/schedules'],
    ['PUT', '/schedules/1'],
    ['DELETE', '/schedules/1'],
    ['POST', '/schedules/1/media-upload'],
    ['DELETE', '/schedules/1/media-upload'],
    ['GET', '/dashboard'],
    ['POST', '/queue/1/media-upload'],
    ['DELETE', '/queue/1/media-upload'],
    ['GET', '/queue-options'],
    ['GET', '/queue-options/1'],
    ['POST', '/queue-options'],
    ['PUT', '/queue-options/1'],
    ['DELETE', '/queue-options/1'],
    ['POST', '/queue-options/1/media-upload'],
    ['DELETE', '/queue-options/1/media-upload'],
  ])('%s %s', async (method, path) => {
    const response = await harness.http(method, path, null);
    expect(response.status).toBe(401);
  });

  it('refuses a call that does not come through the gateway (no internal token)', async () => {
    const response = await fetch(`${harness.app.url}/tags`, {
      headers: { 'x-company-id': String(a.companyId), 'x-user-id': String(a.admin.userId) },
    });
    expect(response.status).toBe(401);
  });
});
