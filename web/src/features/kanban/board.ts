import type { DragEndEvent } from '@dnd-kit/core';
import type { Ticket } from '../../api/types';
import type { KanbanTag } from './api/kanban-api';

/** The first lane: open tickets that carry no kanban tag. */
export const OPEN_LANE = 'lane-open';
export const laneId = (tagId: number): string => `lane-${tagId}`;
export const tagOfLane = (lane: string): number | null =>
  lane === OPEN_LANE ? null : Number(lane.slice('lane-'.length));

export interface Lane {
  id: string;
  tag: KanbanTag | null;
  tickets: Ticket[];
}

/** Lanes of the board: the open lane, then one per kanban tag, each newest first. */
export function buildLanes(tags: readonly KanbanTag[], tickets: Iterable<Ticket>): Lane[] {
  const lanes: Lane[] = [
    { id: OPEN_LANE, tag: null, tickets: [] },
    ...tags.map((tag) => ({ id: laneId(tag.id), tag, tickets: [] as Ticket[] })),
  ];
  const byTag = new Map(lanes.slice(1).map((lane) => [lane.tag?.id ?? 0, lane]));
  const sorted = [...tickets].sort((a, b) =>
    a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id,
  );
  for (const ticket of sorted) {
    const lanesOfTicket = ticket.tags.map((tag) => byTag.get(tag.id)).filter((lane) => lane !== undefined);
    if (lanesOfTicket.length === 0) lanes[0]?.tickets.push(ticket);
    else for (const lane of lanesOfTicket) lane.tickets.push(ticket);
  }
  return lanes;
}

/** The lane a ticket is in (its first kanban tag's, or the open lane). */
export function laneOf(ticket: Ticket, tags: readonly KanbanTag[]): string {
  const kanbanIds = new Set(tags.map((tag) => tag.id));
  const tag = ticket.tags.find((candidate) => kanbanIds.has(candidate.id));
  return tag ? laneId(tag.id) : OPEN_LANE;
}

/** The ticket as it is after a move: its kanban tags replaced by the destination's (none for the open lane). */
export function movedTicket(ticket: Ticket, tags: readonly KanbanTag[], destination: string): Ticket {
  const kanbanIds = new Set(tags.map((tag) => tag.id));
  const kept = ticket.tags.filter((tag) => !kanbanIds.has(tag.id));
  const target = tagOfLane(destination);
  const tag = tags.find((candidate) => candidate.id === target);
  return { ...ticket, tags: tag ? [...kept, { id: tag.id, name: tag.name, color: tag.color }] : kept };
}

/** Whose open tickets a board shows: as `GET /ticket/kanban` lists them for the caller. */
export interface BoardScope {
  userId: number;
  /** Admins see every open ticket; the others their own. */
  showAll: boolean;
  /** The caller's queues (none: every queue); queue-less tickets are always in. */
  queueIds: readonly number[];
}

/** Whether a ticket (from a live event) belongs on the board: open, and listed for the caller. */
export function onBoard(ticket: Ticket, scope: BoardScope): boolean {
  if (ticket.status !== 'open') return false;
  if (!scope.showAll && ticket.userId !== scope.userId) return false;
  return scope.queueIds.length === 0 || ticket.queueId === null || scope.queueIds.includes(ticket.queueId);
}

/**
 * The lane a card was dropped on: the first collision of the card's last position. dnd-kit only updates
 * `over` in an effect after the render that computed the collisions, so a keyboard drop that follows the
 * arrow key at once (a fast typist, an assistive tool, a loaded machine) would still read the lane the card
 * left and the move would be lost; the collisions are always those of the last move.
 */
export function dropTarget(event: Pick<DragEndEvent, 'collisions' | 'over'>): string | undefined {
  const id = event.collisions?.[0]?.id ?? event.over?.id;
  return typeof id === 'string' ? id : undefined;
}
