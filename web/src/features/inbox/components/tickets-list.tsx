import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetTicketsInfiniteQuery, type TicketListArgs } from '../../../api/endpoints/tickets';
import type { Ticket } from '../../../api/types';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useSocketRoom } from '../hooks/use-socket-room';
import { TicketListItem } from './ticket-list-item';
import { useAtRiskKey, useServiceLevelOrder } from '../../../components/service-level-badge';

/** Lists load the next page when scrolled within this distance of the bottom. */
export const LIST_BOTTOM_THRESHOLD_PX = 100;

export function nearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < LIST_BOTTOM_THRESHOLD_PX;
}

interface Props {
  args: TicketListArgs;
  admin: boolean;
  /** Tickets past, then near a service-level target first. */
  riskFirst?: boolean;
  hidden?: boolean;
  onCount?: (count: number) => void;
  onPeek: (ticket: Ticket) => void;
}

export function TicketsList({ args, admin, riskFirst = true, hidden, onCount, onPeek }: Props) {
  const { t } = useTranslation();
  // debounce on the filters' content, not the object's identity (the parent rebuilds it on every render)
  const debouncedKey = useDebouncedValue(JSON.stringify(args));
  const debounced = useMemo(() => JSON.parse(debouncedKey) as TicketListArgs, [debouncedKey]);
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useGetTicketsInfiniteQuery(debounced);
  // a list filtered by service level reloads when a ticket enters the standing (the sweep's live events)
  const atRiskKey = useAtRiskKey(args.serviceLevel);
  const filtered = Boolean(args.serviceLevel);
  useEffect(() => {
    if (filtered) void refetch();
  }, [filtered, atRiskKey, refetch]);
  useSocketRoom('joinTickets', args.status, Boolean(args.status));
  const scroller = useRef<HTMLDivElement>(null);

  const tickets = useMemo(() => {
    const seen = new Set<number>();
    const out: Ticket[] = [];
    for (const page of data?.pages ?? []) {
      for (const ticket of page.tickets) {
        if (seen.has(ticket.id)) continue;
        seen.add(ticket.id);
        out.push(ticket);
      }
    }
    return out;
  }, [data]);

  // the service-level filter and order (issue 55)
  const ordered = useServiceLevelOrder(tickets, { state: args.serviceLevel, riskFirst });
  useEffect(() => onCount?.(ordered.length), [onCount, ordered.length]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasNextPage && !isFetchingNextPage && nearBottom(event.currentTarget)) void fetchNextPage();
  };

  return (
    <Box
      ref={scroller}
      role="list"
      aria-busy={isLoading}
      data-testid={`tickets-list-${args.status ?? 'search'}`}
      flex="1"
      minH="0"
      overflowY="auto"
      hidden={hidden}
      onScroll={onScroll}
    >
      {ordered.map((ticket) => (
        <TicketListItem key={ticket.id} ticket={ticket} admin={admin} onPeek={onPeek} />
      ))}
      {isLoading || isFetchingNextPage ? (
        <Center py="4">
          <Spinner size="sm" />
        </Center>
      ) : (
        ordered.length === 0 && (
          <Text p="6" textAlign="center" color="fg.muted" fontSize="sm">
            {t('tickets.noTickets')}
          </Text>
        )
      )}
    </Box>
  );
}
