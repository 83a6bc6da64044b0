import { TagCreated, TagDeleted, type TagSnapshot, TagUpdated, type TicketSnapshot } from '@cs/proto/events';
import type { TicketEvents } from '../../tickets/ticket-events.js';
import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import {
  COMPANY,
  identityOf,
  inlineTransactions,
  recordingPublisher,
  ticketRow,
} from '../../../../test/factories/rows.js';
import type { TagChanges } from '../tag-changes.js';
import type { TagsRepository } from '../tags.repository.js';
import { AddTicketTagUseCase } from './add-ticket-tag.use-case.js';
import { CreateTagUseCase, DEFAULT_TAG_COLOR } from './create-tag.use-case.js';
import { DeleteTagUseCase } from './delete-tag.use-case.js';
import { RemoveKanbanTagsUseCase } from './remove-kanban-tags.use-case.js';
import { UpdateTagUseCase } from './update-tag.use-case.js';

const ADMIN = identityOf(1, 'admin');
const AGENT = identityOf(3);
const VIP = 1;
const LANE = 2;

const tagOf = (overrides: Partial<TagSnapshot> & Pick<TagSnapshot, 'id' | 'name'>): TagSnapshot => ({
  companyId: COMPANY,
  color: '#0000FF',
  kanban: 0,
  userId: 1,
  ticketsCount: 0,
  ...overrides,
});

/**
 * The company's tags (VIP, and the kanban lane "Em negociação") and their tickets in memory, behind the tag
 * use-cases' ports; the agent sees ticket 10 unless `visible` is false. Records what went to the outbox, the tickets
 * announced again and the tag changes counted on them.
 */
function tagged(options: { links?: Array<[ticketId: number, tagId: number]>; visible?: boolean } = {}) {
  const tags = new Map<number, TagSnapshot>([
    [VIP, tagOf({ id: VIP, name: 'VIP' })],
    [LANE, tagOf({ id: LANE, name: 'Em negociação', kanban: 1 })],
  ]);
  let links = [...(options.links ?? [])];
  const { events, publisher } = recordingPublisher();
  const announcedTickets: number[] = [];
  const changed: number[][] = [];
  const tickets = new Map<number, TicketRow>([
    [10, ticketRow({ id: 10, status: 'open', userId: 3 })],
    [11, ticketRow({ id: 11, status: 'open', userId: 4 })],
  ]);
  const repository: Partial<TagsRepository> = {
    find: async (_companyId, id) => tags.get(id) ?? null,
    insert: async (_companyId, tag) => {
      const id = tags.size + 1;
      tags.set(id, tagOf({ id, ...tag }));
      return id;
    },
    update: async (_companyId, id, tag) => void tags.set(id, { ...(tags.get(id) as TagSnapshot), ...tag }),
    delete: async (_companyId, id) => {
      tags.delete(id);
      const ticketIds = links.filter(([, tagId]) => tagId === id).map(([ticketId]) => ticketId);
      links = links.filter(([, tagId]) => tagId !== id);
      return ticketIds;
    },
    link: async (_companyId, ticketId, tagIds) => {
      const added = tagIds.filter((tagId) => !links.some(([t, g]) => t === ticketId && g === tagId));
      links.push(...added.map((tagId): [number, number] => [ticketId, tagId]));
      return added;
    },
    unlinkKanban: async (_companyId, ticketId) => {
      const removed = links.filter(([t, g]) => t === ticketId && tags.get(g)?.kanban === 1).map(([, g]) => g);
      links = links.filter(([t, g]) => t !== ticketId || !removed.includes(g));
      return removed;
    },
  };
  const ticketsRepository: Partial<TicketsRepository> = {
    find: async (_companyId, id) => tickets.get(id) ?? null,
    snapshot: async (_companyId, id) => ({ id }) as TicketSnapshot,
  };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const ticketEvents: Partial<TicketEvents> = {
    updated: async (_companyId, id) => {
      announcedTickets.push(id);
      return { id } as TicketSnapshot;
    },
  };
  const changes: Partial<TagChanges> = {
    ticketTagsChanged: async (_companyId: unknown, ticket: TicketRow, ids: readonly number[]) => {
      changed.push([...ids]);
      return { id: ticket.id } as TicketSnapshot;
    },
  };
  const tagPorts = [inlineTransactions, repository as TagsRepository, publisher] as const;
  const ticketTagPorts = [
    inlineTransactions,
    ticketsRepository as TicketsRepository,
    queries as TicketsQueries,
    repository as TagsRepository,
    changes as TagChanges,
  ] as const;
  const create = new CreateTagUseCase(...tagPorts);
  const update = new UpdateTagUseCase(...tagPorts);
  const remove = new DeleteTagUseCase(
    inlineTransactions,
    repository as TagsRepository,
    ticketsRepository as TicketsRepository,
    ticketEvents as TicketEvents,
    publisher,
  );
  const add = new AddTicketTagUseCase(...ticketTagPorts);
  const leaveLane = new RemoveKanbanTagsUseCase(...ticketTagPorts);
  return {
    tags,
    links: () => links,
    events,
    announcedTickets,
    changed,
    create: (identity = AGENT, body: { name: string; color?: string; kanban?: 0 | 1 }) =>
      create.execute(COMPANY, identity, { kanban: undefined, ...body }),
    update: (identity = AGENT, id: number, body: { name?: string; color?: string; kanban?: 0 | 1 }) =>
      update.execute(COMPANY, identity, id, body),
    remove: (id: number) => remove.execute(COMPANY, id),
    add: (ticketId: number, tagId: number) => add.execute(COMPANY, AGENT, ticketId, tagId),
    leaveLane: (ticketId: number) => leaveLane.execute(COMPANY, AGENT, ticketId),
  };
}

describe('tags', () => {
  it('creates a tag in the default colour for its author, and announces it', async () => {
    const { events, create } = tagged();
    const tag = await create(AGENT, { name: 'Atrasado' });

    expect(tag).toMatchObject({ name: 'Atrasado', color: DEFAULT_TAG_COLOR, kanban: 0, userId: 3 });
    expect(events).toEqual([{ type: TagCreated.type, data: tag }]);
  });

  it('lets only an admin make a tag a kanban lane, on creation or later', async () => {
    const { create, update } = tagged();
    expect(await create(AGENT, { name: 'Proposta', kanban: 1 })).toMatchObject({ kanban: 0 });
    expect(await create(ADMIN, { name: 'Fechado', kanban: 1 })).toMatchObject({ kanban: 1 });

    expect(await update(AGENT, VIP, { kanban: 1 })).toMatchObject({ kanban: 0 });
    expect(await update(AGENT, LANE, { name: 'Negociando', kanban: 0 })).toMatchObject({
      name: 'Negociando',
      kanban: 1,
    });
    expect(await update(ADMIN, LANE, { kanban: 0 })).toMatchObject({ name: 'Negociando', kanban: 0 });
  });

  it('keeps what an edit leaves out, and announces the tag as it is now', async () => {
    const { events, update } = tagged();
    const tag = await update(AGENT, VIP, { color: '#FF0000' });

    expect(tag).toMatchObject({ name: 'VIP', color: '#FF0000' });
    expect(events).toEqual([{ type: TagUpdated.type, data: tag }]);
  });

  it('answers 404 for a tag the company does not have, changing nothing', async () => {
    const { events, update, remove, add } = tagged();
    await expect(update(AGENT, 99, { name: 'Outro' })).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
    await expect(remove(99)).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
    await expect(add(10, 99)).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
    expect(events).toEqual([]);
  });

  it('deletes a tag from every ticket that carried it, announcing each of those tickets again', async () => {
    const { tags, links, events, announcedTickets, remove } = tagged({
      links: [
        [10, VIP],
        [11, VIP],
        [11, LANE],
      ],
    });
    await remove(VIP);

    expect(tags.has(VIP)).toBe(false);
    expect(links()).toEqual([[11, LANE]]);
    expect(events).toEqual([{ type: TagDeleted.type, data: { id: VIP } }]);
    expect(announcedTickets).toEqual([10, 11]);
  });
});

describe('a ticket in the kanban', () => {
  it('drops into a lane, announced once; dropping it there again changes nothing', async () => {
    const { links, changed, add } = tagged();
    await add(10, LANE);
    await add(10, LANE);

    expect(links()).toEqual([[10, LANE]]);
    expect(changed).toEqual([[LANE]]);
  });

  it('leaves its lane keeping its other tags', async () => {
    const { links, changed, leaveLane } = tagged({
      links: [
        [10, VIP],
        [10, LANE],
      ],
    });
    await leaveLane(10);
    await leaveLane(10);

    expect(links()).toEqual([[10, VIP]]);
    expect(changed).toEqual([[LANE]]);
  });

  it('cannot be moved by a user who may not see the ticket, nor when it is not the company’s', async () => {
    const hidden = tagged({ links: [[10, LANE]], visible: false });
    await expect(hidden.add(10, VIP)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(hidden.leaveLane(10)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(hidden.links()).toEqual([[10, LANE]]);

    const { add, leaveLane } = tagged();
    await expect(add(99, LANE)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
    await expect(leaveLane(99)).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
  });
});
