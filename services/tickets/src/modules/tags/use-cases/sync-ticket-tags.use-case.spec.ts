import type { TagSnapshot, TicketSnapshot } from '@cs/proto/events';
import type { TicketsQueries } from '../../tickets/tickets.queries.js';
import type { TicketRow, TicketsRepository } from '../../tickets/tickets.repository.js';
import { COMPANY, identityOf, inlineTransactions, ticketRow } from '../../../../test/factories/rows.js';
import type { TagChanges } from '../tag-changes.js';
import type { TagsRepository } from '../tags.repository.js';
import { SyncTicketTagsUseCase } from './sync-ticket-tags.use-case.js';

const VIP = 1;
const LATE = 2;
const KANBAN = 3;
const EXISTING = [VIP, LATE, KANBAN];

/** A ticket's tags in memory; `announced` holds the tag ids each announced change counted again. */
function taggedTicket(tagIds: number[], options: { visible?: boolean } = {}) {
  const state = { tagIds: [...tagIds], announced: [] as number[][] };
  const ticket = ticketRow({ status: 'open', userId: 3, queueId: 1 });
  const tickets: Partial<TicketsRepository> = {
    find: async () => ticket,
    snapshot: async () => ({ id: ticket.id }) as TicketSnapshot,
  };
  const queries: Partial<TicketsQueries> = { canSee: async () => options.visible ?? true };
  const tags: Partial<TagsRepository> = {
    findMany: async (_companyId, ids) => EXISTING.filter((id) => ids.includes(id)).map((id) => ({ id }) as TagSnapshot),
    tagIdsOf: async () => [...state.tagIds],
    link: async (_companyId, _ticketId, ids) => {
      state.tagIds.push(...ids);
      return [...ids];
    },
    unlink: async (_companyId, _ticketId, ids) => {
      state.tagIds = state.tagIds.filter((id) => !ids.includes(id));
      return [...ids];
    },
  };
  const changes: Partial<TagChanges> = {
    ticketTagsChanged: async (_companyId: unknown, changed: TicketRow, ids: readonly number[]) => {
      state.announced.push([...ids]);
      return { id: changed.id } as TicketSnapshot;
    },
  };
  const useCase = new SyncTicketTagsUseCase(
    inlineTransactions,
    tickets as TicketsRepository,
    queries as TicketsQueries,
    tags as TagsRepository,
    changes as TagChanges,
  );
  const sync = (wanted: number[]) => useCase.execute(COMPANY, identityOf(3), { ticketId: ticket.id, tags: wanted });
  return { state, sync };
}

describe(SyncTicketTagsUseCase.name, () => {
  it('makes the ticket’s tags exactly the chosen ones and announces the tags that changed', async () => {
    const { state, sync } = taggedTicket([VIP, KANBAN]);
    await sync([LATE, KANBAN, LATE]);
    expect(state.tagIds.sort()).toEqual([LATE, KANBAN]);
    expect(state.announced).toEqual([[VIP, LATE]]);
  });

  it('announces nothing when the tags are already the chosen ones', async () => {
    const { state, sync } = taggedTicket([VIP]);
    await sync([VIP]);
    expect(state.announced).toEqual([]);
  });

  it('clears every tag for an empty choice', async () => {
    const { state, sync } = taggedTicket([VIP, LATE]);
    await sync([]);
    expect(state.tagIds).toEqual([]);
  });

  it('refuses a tag that does not exist, changing nothing', async () => {
    const { state, sync } = taggedTicket([VIP]);
    await expect(sync([LATE, 99])).rejects.toMatchObject({ code: 'ERR_NO_TAG_FOUND' });
    expect(state.tagIds).toEqual([VIP]);
  });

  it('refuses a user who may not see the ticket', async () => {
    const { state, sync } = taggedTicket([VIP], { visible: false });
    await expect(sync([LATE])).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(state.tagIds).toEqual([VIP]);
  });
});
