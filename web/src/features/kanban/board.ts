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
