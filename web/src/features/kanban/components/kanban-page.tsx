import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Badge, Box, Button, Flex, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import type { Ticket, TicketsPage } from '../../../api/types';
import { notify } from '../../../components/toaster';
import { useLiveEvent } from '../../../components/use-live-event';
import { formatPhone } from '../../../lib/format';
import { toastError } from '../../../lib/errors';
import { can, PERMISSIONS } from '../../../lib/permissions';
import { joinRoom } from '../../../realtime/socket';
import {
  useAddKanbanTagMutation,
  useGetKanbanLanesQuery,
  useLazyGetKanbanTicketsQuery,
  useRemoveKanbanTagsMutation,
} from '../api/kanban-api';
import {
  buildLanes,
  dropTarget,
  laneOf,
  movedTicket,
  onBoard,
  OPEN_LANE,
  tagOfLane,
  type BoardScope,
  type Lane,
} from '../board';

/** Every card has the same height, so a lane's virtual list knows its size without measuring. */
export const CARD_HEIGHT_PX = 112;
const CARD_GAP_PX = 8;
const LANE_WIDTH_PX = 280;
/** Tickets per page while the board loads (the route's cap): 5,000 open tickets come in ten requests. */
export const BOARD_PAGE_SIZE = 500;
/** Pages of tickets asked for at once while the board loads. */
const PARALLEL_PAGES = 3;

/**
 * Arrow left/right jump the dragged card to the centre of the neighbouring lane (dnd-kit's default moves it
 * 25 px per key press); up/down scroll through the lane as usual.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowDown') return { ...currentCoordinates, y: currentCoordinates.y + 25 };
  if (event.code === 'ArrowUp') return { ...currentCoordinates, y: currentCoordinates.y - 25 };
  const rect = context.collisionRect;
  if (step === 0 || !rect) return undefined;
  const lanes = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const centre = rect.left + rect.width / 2;
  const current = lanes.findIndex((lane) => centre >= lane.left && centre <= lane.left + lane.width);
  const target = lanes[Math.min(Math.max((current === -1 ? 0 : current) + step, 0), lanes.length - 1)];
  if (!target) return undefined;
  return { x: target.left + target.width / 2 - rect.width / 2, y: currentCoordinates.y };
};

const TicketCard = memo(function TicketCard({ ticket, overlay = false }: { ticket: Ticket; overlay?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box
      h={`${CARD_HEIGHT_PX}px`}
      p="2"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.panel"
      boxShadow={overlay ? 'lg' : 'xs'}
      display="flex"
      flexDirection="column"
      gap="1"
      data-testid={overlay ? 'kanban-drag-overlay' : 'kanban-card'}
      data-ticket={ticket.id}
    >
      <Text fontWeight="semibold" fontSize="sm" truncate>
        {ticket.contact.name}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {formatPhone(ticket.contact.number)}
      </Text>
      <Text fontSize="xs" lineClamp={1} flex="1">
        {ticket.lastMessage}
      </Text>
      <Button
        size="2xs"
        variant="outline"
        alignSelf="flex-end"
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        onClick={() => void navigate(`/tickets/${ticket.uuid}`)}
      >
        {t('kanban.view')}
      </Button>
    </Box>
  );
});

function DraggableCard({ ticket, lane }: { ticket: Ticket; lane: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `ticket-${ticket.id}`,
    data: { ticketId: ticket.id, lane },
  });
  return (
    <Box ref={setNodeRef} opacity={isDragging ? 0.4 : 1} cursor="grab" userSelect="none" {...attributes} {...listeners}>
      <TicketCard ticket={ticket} />
    </Box>
  );
}

function LaneColumn({ lane, title, color }: { lane: Lane; title: string; color: string }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: lane.id });
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- its functions are read on every render, never memoised
  const virtualizer = useVirtualizer({
    count: lane.tickets.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT_PX + CARD_GAP_PX,
    overscan: 6,
    initialRect: { width: LANE_WIDTH_PX, height: 800 },
    getItemKey: (index) => lane.tickets[index]?.id ?? index,
  });
  return (
    <Flex
      ref={setNodeRef}
      direction="column"
      w={`${LANE_WIDTH_PX}px`}
      flexShrink={0}
      h="full"
      minH="0"
      borderRadius="md"
      bg={isOver ? 'bg.emphasized' : 'bg.muted'}
      data-testid="kanban-lane"
      data-lane={lane.id}
      data-over={isOver || undefined}
      aria-label={title}
      role="region"
    >
      <HStack px="3" py="2" borderTopRadius="md" borderTopWidth="4px" borderTopColor={color} justify="space-between">
        <Heading size="sm" truncate>
          {title}
        </Heading>
        <Badge data-testid="kanban-lane-count">{lane.tickets.length}</Badge>
      </HStack>
      <Box ref={scroller} flex="1" minH="0" overflowY="auto" px="2" pb="2" data-testid="kanban-lane-scroll">
        {lane.tickets.length === 0 && (
          <Text fontSize="sm" color="fg.muted" p="2">
            {t('kanban.empty')}
          </Text>
        )}
        <Box position="relative" h={`${virtualizer.getTotalSize()}px`}>
          {virtualizer.getVirtualItems().map((item) => {
            const ticket = lane.tickets[item.index];
            if (!ticket) return null;
            return (
              <Box
                key={item.key}
                position="absolute"
                top="0"
                left="0"
                w="full"
                transform={`translateY(${item.start}px)`}
              >
                <DraggableCard ticket={ticket} lane={lane.id} />
              </Box>
            );
          })}
        </Box>
      </Box>
    </Flex>
  );
}

/** Loads every open ticket the caller sees, page after page, then keeps the map live from the socket. */
function useBoardTickets(scope: BoardScope) {
  const [fetchPage] = useLazyGetKanbanTicketsQuery();
  const [tickets, setTickets] = useState<Map<number, Ticket>>(new Map());
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(scope.queueIds);
  const { showAll } = scope;

  const load = useCallback(async () => {
    setLoading(true);
    const found = new Map<number, Ticket>();
    const ids = JSON.parse(key) as number[];
    const take = (page: TicketsPage) => {
      for (const ticket of page.tickets) found.set(ticket.id, ticket);
      setTickets(new Map(found));
    };
    try {
      const ask = (pageNumber: number) =>
        fetchPage({ queueIds: ids, pageNumber, pageSize: BOARD_PAGE_SIZE, showAll }).unwrap();
      const first = await ask(1);
      take(first);
      // the other pages a few at a time; live events fill any gap meanwhile
      const pages = first.hasMore ? Math.max(2, Math.ceil(first.count / Math.max(first.tickets.length, 1))) : 1;
      let next = 2;
      let more = first.hasMore;
      const worker = async () => {
        while (more && next <= pages) {
          const pageNumber = next++;
          const page = await ask(pageNumber);
          take(page);
          if (!page.hasMore && pageNumber >= pages) more = false;
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  }, [fetchPage, key, showAll]);

  useEffect(() => {
    void load();
  }, [load]);

  const upsert = useCallback(
    (ticket: Ticket) => {
      setTickets((current) => {
        const visible = onBoard(ticket, scope);
        if (!visible && !current.has(ticket.id)) return current;
        const next = new Map(current);
        if (visible) next.set(ticket.id, ticket);
        else next.delete(ticket.id);
        return next;
      });
    },
    [scope],
  );
  const remove = useCallback((ticketId: number) => {
    setTickets((current) => {
      if (!current.has(ticketId)) return current;
      const next = new Map(current);
      next.delete(ticketId);
      return next;
    });
  }, []);
  return { tickets, loading, upsert, remove };
}

/** `/kanban`: the open lane, then one lane per kanban tag; cards move between lanes by drag and drop. */
export function KanbanPage() {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const showAll = can(user, PERMISSIONS.ticketsShowAll);
  const userId = user?.id ?? 0;
  const scope = useMemo<BoardScope>(
    () => ({ userId, showAll, queueIds: (user?.queues ?? []).map((queue) => queue.id) }),
    [userId, showAll, user?.queues],
  );
  const { data: tags = [] } = useGetKanbanLanesQuery();
  const { tickets, loading, upsert, remove } = useBoardTickets(scope);
  const [removeTags] = useRemoveKanbanTagsMutation();
  const [addTag] = useAddKanbanTagMutation();
  const [dragging, setDragging] = useState<Ticket | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  // other agents' moves and new messages arrive on the ticket channel of the open list this board shows
  useEffect(() => joinRoom('joinTickets', 'open'), []);
  useLiveEvent(user ? channel.ticket(user.companyId) : null, (event) => {
    if (event.action === 'update' && event.ticket) upsert(event.ticket);
    else if (event.action === 'delete' && event.ticketId !== undefined) remove(event.ticketId);
  });

  const lanes = useMemo(() => buildLanes(tags, tickets.values()), [tags, tickets]);

  const onDragStart = (event: DragStartEvent) => {
    const ticketId = (event.active.data.current as { ticketId: number } | undefined)?.ticketId;
    setDragging(ticketId === undefined ? null : (tickets.get(ticketId) ?? null));
  };

  const onDragEnd = async (event: DragEndEvent) => {
    setDragging(null);
    const data = event.active.data.current as { ticketId: number; lane: string } | undefined;
    const destination = dropTarget(event);
    if (!data || typeof destination !== 'string' || destination === data.lane) return;
    const ticket = tickets.get(data.ticketId);
    if (!ticket) return;
    upsert(movedTicket(ticket, tags, destination));
    try {
      // the spec's move: the ticket's kanban tag goes, then the destination's is added
      if (laneOf(ticket, tags) !== OPEN_LANE) {
        await removeTags(ticket.id).unwrap();
        notify('success', t('kanban.tagRemoved'));
      }
      const tagId = tagOfLane(destination);
      if (tagId !== null) {
        await addTag({ ticketId: ticket.id, tagId }).unwrap();
        notify('success', t('kanban.tagAdded'));
      }
    } catch (error) {
      upsert(ticket);
      toastError(error);
    }
  };

  return (
    <Flex
      direction="column"
      h="full"
      minH="0"
      p={{ base: '2', md: '4' }}
      gap="3"
      data-testid="kanban-page"
      data-loading={loading || undefined}
    >
      <HStack>
        <Heading size="lg" data-testid="page-title">
          {t('kanban.title')}
        </Heading>
        {loading && <Spinner size="sm" />}
      </HStack>
      <Text fontSize="xs" color="fg.muted" hideBelow="md">
        {t('kanban.dragHint')}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragCancel={() => setDragging(null)}
        onDragEnd={(event) => void onDragEnd(event)}
      >
        <Flex flex="1" minH="0" gap="3" overflowX="auto" pb="2">
          {lanes.map((lane) => (
            <LaneColumn
              key={lane.id}
              lane={lane}
              title={lane.tag ? lane.tag.name : t('kanban.open')}
              color={lane.tag?.color ?? 'gray.400'}
            />
          ))}
        </Flex>
        {/* the overlay stays over the card's new place while its drop animation plays: a press there must reach
            the card underneath, or it selects text and the next drag never starts */}
        <DragOverlay style={{ pointerEvents: 'none' }}>
          {dragging ? <TicketCard ticket={dragging} overlay /> : null}
        </DragOverlay>
      </DndContext>
    </Flex>
  );
}
