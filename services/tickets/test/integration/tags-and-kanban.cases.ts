/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- HTTP bodies are JSON read through assertions */
/**
 * Tags and the kanban through the HTTP API, on real PostgreSQL and Kafka: the spec's validation, the
 * `ticketsCount`, tags on the ticket list items (and in the ticket events), the kanban lanes and the moves of
 * a card between them (`DELETE /ticket-tags/{id}` removes only kanban tags).
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { TicketUpdated } from '@cs/proto/events';
import { addContact, type CompanySetup, setupCompany, sharedHarness, ticketFrom } from '../support/harness.js';

const harness = sharedHarness();
let setup: CompanySetup;
let ticket: { id: number };

beforeAll(async () => {
  setup = await setupCompany(harness, await nextCompanyId());
  ticket = await ticketFrom(harness, setup, setup.contact, 'Quero um orçamento');
});

const tagNamesOf = async (ticketId: number): Promise<string[]> => {
  const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
  const item = body.tickets.find((entry: { id: number }) => entry.id === ticketId);
  return item.tags.map((tag: { name: string }) => tag.name);
};

describe('tags', () => {
  it('validates the name with the spec messages', async () => {
    const short = await harness.http('POST', '/tags', setup.admin, { name: 'ab', color: '#ff0000' });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ path: 'name', message: 'Mensagem muito curta' }]);
    const missing = await harness.http('POST', '/tags', setup.admin, { color: '#ff0000' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'name', message: 'Obrigatório' }]);
  });

  it('creates tags; only admins make a kanban lane', async () => {
    const lane = await harness.http('POST', '/tags', setup.admin, {
      name: 'Em negociação',
      color: '#f5a623',
      kanban: 1,
    });
    expect(lane.status).toBe(200);
    expect(lane.body).toMatchObject({ name: 'Em negociação', color: '#f5a623', kanban: 1, ticketsCount: 0 });
    const byAgent = await harness.http('POST', '/tags', setup.agent, { name: 'Retornar ligação', kanban: 1 });
    expect(byAgent.status).toBe(200);
    expect(byAgent.body).toMatchObject({ name: 'Retornar ligação', kanban: 0, userId: setup.agent.userId });
    await expectEventually(() =>
      // one event per tag, each keyed by its id: Kafka orders them per tag, not across tags
      expect(
        harness
          .events(setup.companyId, 'tickets.tag.created')
          .map((event) => event.data['name'])
          .sort(),
      ).toEqual(['Em negociação', 'Retornar ligação']),
    );
  });

  it('syncs the tags of a ticket: the list item and the ticket event carry them, the counts follow', async () => {
    const vip = await harness.http('POST', '/tags', setup.admin, { name: 'Cliente VIP', color: '#8e44ad' });
    const lane = (await harness.http('GET', '/tags/kanban', setup.admin)).body.lista[0];
    // the agent has no queues and no allTicket: this queue-less pending ticket is not theirs to tag
    const refused = await harness.http('POST', '/tags/sync', setup.agent, { ticketId: ticket.id, tags: [lane.id] });
    expect(refused.status).toBe(403);
    const synced = await harness.http('POST', '/tags/sync', setup.admin, {
      ticketId: ticket.id,
      tags: [{ id: vip.body.id, name: 'Cliente VIP' }, lane.id],
    });
    expect(synced.status).toBe(200);
    expect(synced.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Cliente VIP', 'Em negociação']);
    expect(await tagNamesOf(ticket.id)).toEqual(['Cliente VIP', 'Em negociação']);
    await expectEventually(() => {
      const updates = harness.eventsOf(setup.companyId, TicketUpdated).map((event) => event.data);
      expect(updates.at(-1)?.ticket.tags.map((tag) => tag.name)).toEqual(['Cliente VIP', 'Em negociação']);
      const counted = harness.events(setup.companyId, 'tickets.tag.updated').map((event) => event.data);
      expect(counted).toContainEqual(expect.objectContaining({ name: 'Cliente VIP', ticketsCount: 1 }));
    });

    // the same set again changes nothing; an empty set clears them
    const again = await harness.http('POST', '/tags/sync', setup.admin, { ticketId: ticket.id, tags: [vip.body.id] });
    expect(again.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Cliente VIP']);
    const { body: shown } = await harness.http('GET', `/tags/${vip.body.id}`, setup.agent);
    expect(shown).toMatchObject({ name: 'Cliente VIP', ticketsCount: 1 });
  });

  it('refuses a tag that does not exist in the company', async () => {
    const response = await harness.http('POST', '/tags/sync', setup.admin, { ticketId: ticket.id, tags: [999_999] });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_TAG_FOUND');
  });

  it('lists tags by name with their tickets count, 20 per page, searchable', async () => {
    for (let index = 1; index <= 20; index++) {
      const created = await harness.http('POST', '/tags', setup.admin, {
        name: `Etiqueta ${String(index).padStart(2, '0')}`,
      });
      expect(created.status).toBe(200);
    }
    const first = await harness.http('GET', '/tags?pageNumber=1', setup.agent);
    expect(first.body.count).toBe(23);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.tags[0]).toMatchObject({ name: 'Cliente VIP', ticketsCount: 1 });
    const second = await harness.http('GET', '/tags?pageNumber=2', setup.agent);
    expect(second.body.tags.map((tag: { name: string }) => tag.name)).toEqual([
      'Etiqueta 19',
      'Etiqueta 20',
      'Retornar ligação',
    ]);
    expect(second.body.hasMore).toBe(false);
    const found = await harness.http('GET', '/tags?searchParam=VIP', setup.agent);
    expect(found.body).toMatchObject({ count: 1, hasMore: false, tags: [{ name: 'Cliente VIP' }] });
    const all = await harness.http('GET', '/tags/list', setup.agent);
    expect(all.body).toHaveLength(23);
    const lanes = await harness.http('GET', '/tags/list?kanban=1', setup.agent);
    expect(lanes.body.map((tag: { name: string }) => tag.name)).toEqual(['Em negociação']);
  });

  it('renames a tag (lists show the new name) and deletes one (it leaves its tickets, which are announced)', async () => {
    const vip = (await harness.http('GET', '/tags?searchParam=VIP', setup.admin)).body.tags[0];
    const renamed = await harness.http('PUT', `/tags/${vip.id}`, setup.agent, { name: 'Cliente Ouro', kanban: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Cliente Ouro', kanban: 0, ticketsCount: 1 });
    expect(await tagNamesOf(ticket.id)).toEqual(['Cliente Ouro']);
    const deleted = await harness.http('DELETE', `/tags/${vip.id}`, setup.admin);
    expect(deleted.status).toBe(200);
    expect(await tagNamesOf(ticket.id)).toEqual([]);
    expect((await harness.http('GET', `/tags/${vip.id}`, setup.admin)).status).toBe(404);
    await expectEventually(() => {
      expect(harness.events(setup.companyId, 'tickets.tag.deleted').map((event) => event.data)).toEqual([
        { id: vip.id },
      ]);
      const last = harness.eventsOf(setup.companyId, TicketUpdated).at(-1)?.data;
      expect(last?.ticket).toMatchObject({ id: ticket.id, tags: [] });
    });
  });
});

describe('the kanban', () => {
  let won: number;
  let lost: number;
  let note: number;
  let card: { id: number };

  beforeAll(async () => {
    won = (await harness.http('POST', '/tags', setup.admin, { name: 'Ganho', color: '#2ecc71', kanban: 1 })).body.id;
    lost = (await harness.http('POST', '/tags', setup.admin, { name: 'Perdido', color: '#e74c3c', kanban: 1 })).body.id;
    note = (await harness.http('POST', '/tags', setup.admin, { name: 'Prioridade', color: '#3498db' })).body.id;
    const contact = await addContact(harness, setup.companyId, setup.companyId * 10 + 5, 'João Lima', '5511912340000');
    card = await ticketFrom(harness, setup, contact, 'Tenho interesse no plano anual');
  });

  it('lists the lanes (kanban tags, in creation order)', async () => {
    const { body } = await harness.http('GET', '/tags/kanban', setup.agent);
    expect(body.lista.map((tag: { name: string }) => tag.name)).toEqual(['Em negociação', 'Ganho', 'Perdido']);
  });

  it('moves a card between lanes: out of its lane (other tags stay), into the next', async () => {
    await harness.http('POST', '/tags/sync', setup.admin, { ticketId: card.id, tags: [won, note] });
    const out = await harness.http('DELETE', `/ticket-tags/${card.id}`, setup.admin);
    expect(out.status).toBe(200);
    expect(out.body.ticket.tags.map((tag: { name: string }) => tag.name)).toEqual(['Prioridade']);
    const into = await harness.http('PUT', `/ticket-tags/${card.id}/${lost}`, setup.admin);
    expect(into.status).toBe(200);
    expect(await tagNamesOf(card.id)).toEqual(['Perdido', 'Prioridade']);
    const { body: lanes } = await harness.http('GET', '/tags/kanban', setup.admin);
    expect(lanes.lista.map((tag: { name: string; ticketsCount: number }) => [tag.name, tag.ticketsCount])).toEqual([
      ['Em negociação', 0],
      ['Ganho', 0],
      ['Perdido', 1],
    ]);
  });

  const boardOf = async (caller: typeof setup.admin, query = 'queueIds=[]') => {
    const { status, body } = await harness.http('GET', `/ticket/kanban?${query}`, caller);
    expect(status).toBe(200);
    return body as {
      tickets: Array<{ id: number; status: string; tags: Array<{ id: number }> }>;
      count: number;
      hasMore: boolean;
    };
  };

  it('holds the open tickets with their tags; pending ones wait in the inbox until accepted', async () => {
    // a pending ticket, even one with kanban tags, is not on the board (its first lane is open tickets only)
    expect((await boardOf(setup.admin)).tickets.map((entry) => entry.id)).not.toContain(card.id);
    const accepted = await harness.http('PUT', `/tickets/${card.id}`, setup.admin, {
      status: 'open',
      userId: setup.admin.userId,
    });
    expect(accepted.status).toBe(200);
    const board = await boardOf(setup.admin);
    expect(board.tickets.map((entry) => entry.status)).toEqual(board.tickets.map(() => 'open'));
    expect(board.tickets.map((entry) => [entry.id, entry.tags.map((tag) => tag.id)])).toEqual([
      [card.id, [lost, note]],
    ]);
    // the agent sees their own open tickets only: the admin's is not on their board
    expect((await boardOf(setup.agent)).tickets.map((entry) => entry.id)).not.toContain(card.id);

    // out of its lane, the card stays on the board (now in the first lane: no kanban tag left)
    const out = await harness.http('DELETE', `/ticket-tags/${card.id}`, setup.admin);
    expect(out.status).toBe(200);
    expect((await boardOf(setup.admin)).tickets.map((entry) => [entry.id, entry.tags.map((tag) => tag.id)])).toEqual([
      [card.id, [note]],
    ]);
    expect((await harness.http('PUT', `/ticket-tags/${card.id}/${lost}`, setup.admin)).status).toBe(200);

    const closed = await harness.http('PUT', `/tickets/${card.id}`, setup.admin, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect((await boardOf(setup.admin, '')).tickets.map((entry) => entry.id)).not.toContain(card.id);
    const reopened = await harness.http('PUT', `/tickets/${card.id}`, setup.admin, {
      status: 'open',
      userId: setup.admin.userId,
    });
    expect(reopened.status).toBe(200);
    const lane = await boardOf(setup.admin, `tags=[${lost}]`);
    expect(lane.tickets.map((entry) => entry.id)).toEqual([card.id]);
  });

  it('pages the board 40 at a time by default, or by pageSize up to 500', async () => {
    const opened: number[] = [];
    for (let index = 0; index < 3; index++) {
      const contact = await addContact(
        harness,
        setup.companyId,
        setup.companyId * 10 + 6 + index,
        `Cliente Quadro ${index}`,
        `551191234000${index}`,
      );
      const pending = await ticketFrom(harness, setup, contact, `Mensagem do quadro ${index}`);
      const accepted = await harness.http('PUT', `/tickets/${pending.id}`, setup.admin, {
        status: 'open',
        userId: setup.admin.userId,
      });
      expect(accepted.status).toBe(200);
      opened.push(pending.id);
    }
    const all = await boardOf(setup.admin);
    expect(all).toMatchObject({ count: 4, hasMore: false });
    const first = await boardOf(setup.admin, 'queueIds=[]&pageSize=3&pageNumber=1');
    expect(first).toMatchObject({ count: 4, hasMore: true });
    expect(first.tickets).toHaveLength(3);
    const second = await boardOf(setup.admin, 'queueIds=[]&pageSize=3&pageNumber=2');
    expect(second).toMatchObject({ count: 4, hasMore: false });
    expect([...first.tickets, ...second.tickets].map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      [card.id, ...opened].sort((a, b) => a - b),
    );
    // a page size beyond the cap, not a number or zero is not an error: the default page applies
    for (const pageSize of ['501', 'abc', '0']) {
      const page = await boardOf(setup.admin, `pageSize=${pageSize}`);
      expect(page.tickets).toHaveLength(4);
    }
  });
});
