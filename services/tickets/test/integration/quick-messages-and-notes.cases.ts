/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- HTTP bodies are JSON read through assertions */
/**
 * Quick replies (shared `geral` or personal, with media) and internal ticket notes, through the HTTP API on
 * real PostgreSQL and Kafka, as an admin and an agent of the same company use them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueueCreated, QueueUpdated, QuickMessageCreated, QuickMessageUpdated } from '@cs/proto/events';
import { expectEventually, nextCompanyId, TEST_INTERNAL_TOKEN } from '@cs/platform/testing';
import { type CompanySetup, setupCompany, sharedHarness, ticketFrom, upload } from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId(), { agentQueueIds: [] });
});

const shortcodes = (records: Array<{ shortcode: string }>): string[] => records.map((record) => record.shortcode);

describe('quick messages', () => {
  let personal: number;
  let shared: number;
  let adminOwn: number;

  beforeAll(async () => {
    personal = (
      await harness.http('POST', '/quick-messages', setup.agent, { shortcode: 'ola', message: 'Olá {{firstName}}!' })
    ).body.id;
    shared = (
      await harness.http('POST', '/quick-messages', setup.agent, {
        shortcode: 'horario',
        message: 'Atendemos de segunda a sexta, das 8h às 18h.',
        geral: true,
      })
    ).body.id;
    adminOwn = (
      await harness.http('POST', '/quick-messages', setup.admin, { shortcode: 'adm', message: 'Só do admin' })
    ).body.id;
  });

  it('requires a shortcode', async () => {
    const response = await harness.http('POST', '/quick-messages', setup.agent, { message: 'sem atalho' });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'shortcode', message: 'Obrigatório' }]);
  });

  it('shows everyone the shared replies and each user their own, never another user’s personal ones', async () => {
    const agentPage = await harness.http('GET', '/quick-messages?pageNumber=1', setup.agent);
    expect(agentPage.body).toMatchObject({ count: 2, hasMore: false });
    expect(shortcodes(agentPage.body.records)).toEqual(['horario', 'ola']);
    expect(agentPage.body.records[0]).toMatchObject({ geral: true, userId: setup.agent.userId, isMedia: false });
    const adminPage = await harness.http('GET', '/quick-messages', setup.admin);
    expect(shortcodes(adminPage.body.records)).toEqual(['adm', 'horario']);
    // the companyId/userId the spec's client sends to /list do not widen what a user sees
    const list = await harness.http(
      'GET',
      `/quick-messages/list?companyId=${setup.companyId}&userId=${setup.admin.userId}`,
      setup.agent,
    );
    expect(shortcodes(list.body)).toEqual(['horario', 'ola']);
    expect((await harness.http('GET', `/quick-messages/${adminOwn}`, setup.agent)).status).toBe(404);
    expect((await harness.http('GET', `/quick-messages/${shared}`, setup.admin)).body.shortcode).toBe('horario');
    const search = await harness.http('GET', '/quick-messages?searchParam=segunda', setup.admin);
    expect(shortcodes(search.body.records)).toEqual(['horario']);
  });

  it('lets the author edit a reply and an admin edit a shared one; others are refused', async () => {
    const byAdmin = await harness.http('PUT', `/quick-messages/${shared}`, setup.admin, {
      message: 'Atendemos de segunda a sábado.',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ shortcode: 'horario', message: 'Atendemos de segunda a sábado.' });
    const adminShared = (
      await harness.http('POST', '/quick-messages', setup.admin, { shortcode: 'pix', message: 'Chave', geral: true })
    ).body.id;
    const byAgent = await harness.http('PUT', `/quick-messages/${adminShared}`, setup.agent, { message: 'mudei' });
    expect(byAgent.status).toBe(403);
    const hidden = await harness.http('PUT', `/quick-messages/${personal}`, setup.admin, { message: 'mudei' });
    expect(hidden.status).toBe(404);
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.quick-message.updated').at(-1)?.data).toMatchObject({
        id: shared,
        message: 'Atendemos de segunda a sábado.',
        geral: true,
      }),
    );
  });

  it('attaches media (spaces become underscores), served at its URL, and removes it', async () => {
    const attached = await harness.http(
      'POST',
      `/quick-messages/${personal}/media-upload`,
      setup.agent,
      upload('file', 'tabela de preços.pdf', 'application/pdf', '%PDF-1.4 tabela', { typeArch: 'quickMessage' }),
    );
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ mediaName: 'tabela_de_preços.pdf', isMedia: true });
    expect(attached.body.mediaPath).toMatch(/^http:\/\/gateway\.test\/media\/tickets\/\d+\/quick-messages\/.+\.pdf$/);
    // the gateway lets anyone fetch stored media (unguessable names); it still comes with its internal token
    const fetchMedia = (url: string) =>
      fetch(`${harness.app.url}${new URL(url).pathname}`, { headers: { 'x-internal-token': TEST_INTERNAL_TOKEN } });
    const served = await fetchMedia(attached.body.mediaPath as string);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('%PDF-1.4 tabela');
    const removed = await harness.http('DELETE', `/quick-messages/${personal}/media-upload`, setup.agent);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
    const gone = await fetchMedia(attached.body.mediaPath as string);
    expect(gone.status).toBe(404);
  });

  it('announces a reply as its REST record (media flag and timestamps): the realtime record is the REST one', async () => {
    const created = await harness.http('POST', '/quick-messages', setup.agent, {
      shortcode: 'pix',
      message: 'Chave Pix: CNPJ',
    });
    const updated = await harness.http('PUT', `/quick-messages/${created.body.id}`, setup.agent, {
      shortcode: 'pix',
      message: 'Chave Pix: e-mail',
    });
    await expectEventually(() => {
      const mine = <T extends { data: { id: number } }>(events: T[]) =>
        events.filter((event) => event.data.id === created.body.id).map((event) => event.data);
      expect(mine(harness.eventsOf(setup.companyId, QuickMessageCreated))).toEqual([created.body]);
      expect(mine(harness.eventsOf(setup.companyId, QuickMessageUpdated))).toEqual([updated.body]);
    });
    expect(created.body).toMatchObject({
      isMedia: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('never serves dot-files from the media folder', async () => {
    mkdirSync(join(harness.mediaDir, '1'), { recursive: true });
    writeFileSync(join(harness.mediaDir, '1', '.env'), 'SECRET=1');
    const response = await fetch(`${harness.app.url}/media/tickets/1/.env`, {
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('SECRET');
  });

  it('deletes a reply (its author), announcing it', async () => {
    expect((await harness.http('DELETE', `/quick-messages/${personal}`, setup.admin)).status).toBe(404);
    expect((await harness.http('DELETE', `/quick-messages/${personal}`, setup.agent)).status).toBe(200);
    expect((await harness.http('GET', `/quick-messages/${personal}`, setup.agent)).status).toBe(404);
    await expectEventually(() =>
      expect(harness.events(setup.companyId, 'tickets.quick-message.deleted').map((event) => event.data)).toEqual([
        { id: personal, userId: setup.agent.userId },
      ]),
    );
  });
});

describe('queues', () => {
  it('announces a queue as `/queue` answers it (media and auto-assignment included)', async () => {
    const created = await harness.http('POST', '/queue', setup.admin, { name: 'Financeiro', color: '#795548' });
    expect(created.status).toBe(200);
    const updated = await harness.http('PUT', `/queue/${created.body.id}`, setup.admin, {
      name: 'Financeiro',
      color: '#795548',
      greetingMessage: 'Olá! Financeiro aqui.',
    });
    expect(updated.status).toBe(200);
    await expectEventually(() => {
      const mine = <T extends { data: { id: number } }>(events: T[]) =>
        events.filter((event) => event.data.id === created.body.id).map((event) => event.data);
      expect(mine(harness.eventsOf(setup.companyId, QueueCreated))).toEqual([created.body]);
      expect(mine(harness.eventsOf(setup.companyId, QueueUpdated))).toEqual([updated.body]);
    });
    expect(Object.keys(created.body as object)).toEqual(
      expect.arrayContaining(['mediaPath', 'mediaName', 'autoAssign']),
    );
  });
});

describe('ticket notes', () => {
  let ticket: { id: number; contactId: number };

  beforeAll(async () => {
    ticket = await ticketFrom(harness, setup, setup.contact, 'Preciso falar sobre a fatura');
    // the agent handles it (and so may open it)
    await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open', userId: setup.agent.userId });
  });

  it('requires a note of at least 2 characters', async () => {
    const short = await harness.http('POST', '/ticket-notes', setup.agent, {
      note: 'a',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ path: 'note', message: 'Muito curto!' }]);
  });

  it('adds notes and lists them by ticket and contact, newest first, with their author', async () => {
    const first = await harness.http('POST', '/ticket-notes', setup.agent, {
      note: 'Cliente pediu retorno amanhã',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ note: 'Cliente pediu retorno amanhã', user: { name: 'Bruno Atendente' } });
    await harness.http('POST', '/ticket-notes', setup.admin, {
      note: 'Desconto de 10% aprovado',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    const { body } = await harness.http(
      'GET',
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      setup.agent,
    );
    expect(body.map((note: { note: string; user: { name: string } }) => [note.note, note.user.name])).toEqual([
      ['Desconto de 10% aprovado', 'Ana Admin'],
      ['Cliente pediu retorno amanhã', 'Bruno Atendente'],
    ]);
    const page = await harness.http('GET', '/ticket-notes?searchParam=desconto', setup.admin);
    expect(page.body).toMatchObject({ count: 1, hasMore: false, ticketNotes: [{ note: 'Desconto de 10% aprovado' }] });
    expect((await harness.http('GET', '/ticket-notes', setup.agent)).status).toBe(403);
  });

  it('lets the author or an admin change and delete a note, and nobody else', async () => {
    const { body: notes } = await harness.http('GET', `/ticket-notes/list?ticketId=${ticket.id}`, setup.admin);
    const [byAdmin, byAgent] = notes as Array<{ id: number }>;
    expect((await harness.http('DELETE', `/ticket-notes/${byAdmin?.id}`, setup.agent)).status).toBe(403);
    const edited = await harness.http('PUT', `/ticket-notes/${byAgent?.id}`, setup.agent, {
      note: 'Cliente pediu retorno na sexta',
    });
    expect(edited.body).toMatchObject({ note: 'Cliente pediu retorno na sexta' });
    expect((await harness.http('DELETE', `/ticket-notes/${byAgent?.id}`, setup.admin)).status).toBe(200);
    expect((await harness.http('DELETE', `/ticket-notes/${byAdmin?.id}`, setup.admin)).status).toBe(200);
    const { body: left } = await harness.http('GET', `/ticket-notes/list?ticketId=${ticket.id}`, setup.admin);
    expect(left).toEqual([]);
  });

  it('refuses notes on a ticket the user may no longer open (transferred to someone else, no queue)', async () => {
    await harness.http('PUT', `/tickets/${ticket.id}`, setup.admin, { status: 'open', userId: setup.admin.userId });
    const response = await harness.http('POST', '/ticket-notes', setup.agent, {
      note: 'Espiando',
      ticketId: ticket.id,
    });
    expect(response.status).toBe(403);
    const list = await harness.http('GET', `/ticket-notes/list?ticketId=${ticket.id}`, setup.agent);
    expect(list.status).toBe(403);
  });
});
