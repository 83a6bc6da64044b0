import { describe, expect, it } from 'vitest';
import { ticket } from '../../testing/fixtures';
import { buildLanes, dropTarget, laneId, laneOf, movedTicket, onBoard, OPEN_LANE } from './board';

const lane = (id: number, name: string, color: string) => ({
  id,
  companyId: 1,
  name,
  color,
  kanban: 1,
  userId: null,
  ticketsCount: 0,
});
const tags = [lane(5, 'Em negociação', '#ff9800'), lane(6, 'Fechado', '#4caf50')];
const plain = { id: 9, name: 'VIP', color: '#000000' };

describe('the kanban board', () => {
  it('puts tickets without kanban tags in the first lane and the others in their tag lanes', () => {
    const free = ticket({ id: 1, tags: [] });
    const vip = ticket({ id: 2, tags: [plain] });
    const negotiating = ticket({ id: 3, tags: [{ id: 5, name: 'Em negociação', color: '#ff9800' }] });
    const lanes = buildLanes(tags, [free, vip, negotiating]);
    expect(lanes.map((lane) => lane.id)).toEqual([OPEN_LANE, laneId(5), laneId(6)]);
    expect(lanes[0]?.tickets.map((entry) => entry.id).sort()).toEqual([1, 2]);
    expect(lanes[1]?.tickets.map((entry) => entry.id)).toEqual([3]);
    expect(lanes[2]?.tickets).toEqual([]);
    expect(laneOf(negotiating, tags)).toBe(laneId(5));
    expect(laneOf(vip, tags)).toBe(OPEN_LANE);
  });

  it('replaces the kanban tag on a move and keeps the other tags', () => {
    const moving = ticket({ id: 3, tags: [plain, { id: 5, name: 'Em negociação', color: '#ff9800' }] });
    expect(movedTicket(moving, tags, laneId(6)).tags.map((tag) => tag.id)).toEqual([9, 6]);
    expect(movedTicket(moving, tags, OPEN_LANE).tags.map((tag) => tag.id)).toEqual([9]);
  });

  it('sorts 5,000 tickets into their lanes', () => {
    const many = Array.from({ length: 5000 }, (_, index) =>
      ticket({ id: 10_000 + index, tags: index % 3 === 0 ? [{ id: 5, name: 'x', color: '#fff' }] : [] }),
    );
    const lanes = buildLanes(tags, many);
    expect(lanes.map((lane) => lane.tickets.length)).toEqual([3333, 1667, 0]);
  });

  it('keeps on the board the open tickets the caller lists: their own, or every one for an admin', () => {
    const agentScope = { userId: 7, showAll: false, queueIds: [1, 2] };
    expect(onBoard(ticket({ status: 'open', userId: 7, queueId: 1 }), agentScope)).toBe(true);
    expect(onBoard(ticket({ status: 'open', userId: 7, queueId: null }), agentScope)).toBe(true);
    expect(onBoard(ticket({ status: 'pending', userId: null, queueId: 1 }), agentScope)).toBe(false);
    expect(onBoard(ticket({ status: 'closed', userId: 7, queueId: 1 }), agentScope)).toBe(false);
    expect(onBoard(ticket({ status: 'open', userId: 8, queueId: 1 }), agentScope)).toBe(false);
    expect(onBoard(ticket({ status: 'open', userId: 7, queueId: 3 }), agentScope)).toBe(false);
    const adminScope = { userId: 1, showAll: true, queueIds: [] };
    expect(onBoard(ticket({ status: 'open', userId: 8, queueId: 3 }), adminScope)).toBe(true);
    expect(onBoard(ticket({ status: 'pending', userId: null, queueId: 3 }), adminScope)).toBe(false);
  });

  it("drops on the lane of the card's last move even when dnd-kit's `over` has not caught up yet", () => {
    const lane = (id: string) => ({ id, data: { droppableContainer: {} as never } });
    const stale = { id: OPEN_LANE, rect: {} as never, data: { current: undefined }, disabled: false };
    expect(dropTarget({ collisions: [lane(laneId(5)), lane(OPEN_LANE)], over: stale })).toBe(laneId(5));
    expect(dropTarget({ collisions: null, over: stale })).toBe(OPEN_LANE);
    expect(dropTarget({ collisions: [], over: null })).toBeUndefined();
  });
});
