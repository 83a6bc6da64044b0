import { Badge } from '@chakra-ui/react';
import type { TicketServiceLevel } from '@cs/proto/events';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../api/types';
import { useGetAtRiskQuery } from '../api/endpoints/reports';

/** The at-risk tickets by id (live: the socket patches the list). */
export function useAtRisk(): Map<number, TicketServiceLevel> {
  const { data } = useGetAtRiskQuery();
  return useMemo(() => new Map((data ?? []).map((level) => [level.ticketId, level])), [data]);
}

const RANK = { breached: 0, near: 1, ok: 2 } as const;

/**
 * A list's tickets as shown: only those in the `state` asked (by the live standing: one back within its targets
 * leaves at once), and, when `riskFirst`, the ones past a target first, then those near one, the rest in their order.
 */
export function useServiceLevelOrder(
  tickets: Ticket[],
  { state, riskFirst }: { state?: 'near' | 'breached' | null | undefined; riskFirst: boolean },
): Ticket[] {
  const atRisk = useAtRisk();
  return useMemo(() => {
    const shown = state ? tickets.filter((ticket) => atRisk.get(ticket.id)?.state === state) : tickets;
    if (!riskFirst || atRisk.size === 0) return shown;
    const rank = (ticket: Ticket) => RANK[atRisk.get(ticket.id)?.state ?? 'ok'];
    return [...shown].sort((a, b) => rank(a) - rank(b));
  }, [tickets, atRisk, state, riskFirst]);
}

/** The ids of the caller's tickets in a standing, as one key (changes when one enters or leaves it). */
export function useAtRiskKey(state: 'near' | 'breached' | null | undefined): string {
  const atRisk = useAtRisk();
  return useMemo(
    () =>
      state
        ? [...atRisk.values()]
            .filter((level) => level.state === state)
            .map((level) => level.ticketId)
            .sort((a, b) => a - b)
            .join(',')
        : '',
    [atRisk, state],
  );
}

/** "Near the target" / "Target missed" on a ticket near or past a service-level target of its queue. */
export function ServiceLevelBadge({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const level = useAtRisk().get(ticketId);
  if (!level || level.state === 'ok') return null;
  const due = level.firstResponse === level.state ? level.firstResponseDueAt : level.resolutionDueAt;
  return (
    <Badge
      size="xs"
      variant="solid"
      colorPalette={level.state === 'breached' ? 'red' : 'orange'}
      data-testid={`sla-badge-${ticketId}`}
      data-state={level.state}
      title={due ? new Date(due).toLocaleString() : undefined}
    >
      {t(`reports.serviceLevel.${level.state}`)}
    </Badge>
  );
}
