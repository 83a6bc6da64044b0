import { Box, Flex, HStack, IconButton, Input, NativeSelect, Stack, Switch, Tabs } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useListQueuesQuery, useListTagsQuery, useListUsersQuery } from '../../../api/endpoints/company';
import { isAdmin } from '../../../api/session';
import type { Ticket } from '../../../api/types';
import { AddIcon } from '../../../components/icons';
import { MultiSelect } from '../../../components/multi-select';
import {
  queuesChanged,
  searchChanged,
  showAllChanged,
  serviceLevelFilterChanged,
  riskFirstChanged,
  subTabChanged,
  tabChanged,
  tagFilterChanged,
  userFilterChanged,
  type ListTab,
} from '../model/inbox-slice';
import { NewTicketDialog } from './new-ticket-dialog';
import { PeekDialog } from './peek-dialog';
import { TicketsList } from './tickets-list';
import { can, PERMISSIONS } from '../../../lib/permissions';

function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <Box
      as="span"
      data-testid={testId}
      bg="status.pending"
      color="white"
      borderRadius="full"
      minW="5"
      px="1.5"
      fontSize="xs"
      fontWeight="bold"
    >
      {count}
    </Box>
  );
}

export function TicketsManager() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user)!;
  const inbox = useAppSelector((s) => s.inbox);
  const admin = isAdmin(user);
  const { data: allQueues } = useListQueuesQuery(undefined, { skip: !admin });
  const { data: tags = [] } = useListTagsQuery(undefined, { skip: inbox.tab !== 'search' });
  const { data: users = [] } = useListUsersQuery(undefined, { skip: !admin || inbox.tab !== 'search' });
  const [counts, setCounts] = useState({ open: 0, pending: 0 });
  const [peek, setPeek] = useState<Ticket | null>(null);
  const [newTicketOpen, setNewTicketOpen] = useState(false);

  const queueOptions = admin && allQueues ? allQueues : user.queues;
  const queueIds = inbox.queueIds ?? user.queues.map((q) => q.id);
  // "show all" is offered to the roles allowed tickets-manager:showall (admin) and on by default for them
  const showAll = can(user, PERMISSIONS.ticketsShowAll) ? (inbox.showAll ?? true) : false;

  useEffect(() => {
    if (inbox.queueIds === null) dispatch(queuesChanged(user.queues.map((q) => q.id)));
  }, [dispatch, inbox.queueIds, user.queues]);

  const onOpenCount = useCallback((n: number) => setCounts((c) => (c.open === n ? c : { ...c, open: n })), []);
  const onPendingCount = useCallback((n: number) => setCounts((c) => (c.pending === n ? c : { ...c, pending: n })), []);

  const serviceLevel = inbox.serviceLevel;
  const base = useMemo(
    () => ({ queueIds, showAll, ...(serviceLevel ? { serviceLevel } : {}) }),
    [queueIds, showAll, serviceLevel],
  );
  const riskFirst = inbox.riskFirst;

  return (
    <Flex direction="column" h="full" minH="0" bg="bg.panel" data-testid="tickets-manager">
      <Tabs.Root
        value={inbox.tab}
        onValueChange={(e) => dispatch(tabChanged(e.value as ListTab))}
        variant="line"
        size="sm"
        fitted
      >
        <Tabs.List>
          <Tabs.Trigger value="open">{t('tickets.tabs.open')}</Tabs.Trigger>
          <Tabs.Trigger value="closed">{t('tickets.tabs.closed')}</Tabs.Trigger>
          <Tabs.Trigger value="search">{t('tickets.tabs.search')}</Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      <Stack gap="2" p="2" borderBottomWidth="1px">
        {inbox.tab === 'search' && (
          <Stack gap="2">
            <Input
              size="sm"
              placeholder={t('tickets.searchPlaceholder')}
              value={inbox.searchParam}
              onChange={(e) => dispatch(searchChanged(e.target.value))}
              data-testid="ticket-search"
            />
            <HStack gap="2" wrap="wrap">
              <MultiSelect
                label={t('tickets.tags')}
                options={tags}
                value={inbox.tagIds}
                onChange={(v) => dispatch(tagFilterChanged(v))}
              />
              {admin && (
                <MultiSelect
                  label={t('tickets.users')}
                  options={users}
                  value={inbox.userIds}
                  onChange={(v) => dispatch(userFilterChanged(v))}
                />
              )}
            </HStack>
          </Stack>
        )}
        <HStack gap="2" justify="space-between" wrap="wrap">
          <IconButton
            aria-label={t('tickets.newTicket')}
            size="sm"
            borderRadius="full"
            colorPalette="teal"
            onClick={() => setNewTicketOpen(true)}
            data-testid="new-ticket"
          >
            <AddIcon />
          </IconButton>
          {admin && (
            <Switch.Root
              size="sm"
              checked={showAll}
              onCheckedChange={(e) => dispatch(showAllChanged(e.checked))}
              data-testid="show-all"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('tickets.showAll')}</Switch.Label>
            </Switch.Root>
          )}
          <MultiSelect
            label={t('tickets.queues')}
            options={queueOptions}
            value={queueIds}
            onChange={(v) => dispatch(queuesChanged(v))}
            testId="queue-select"
          />
        </HStack>
        <HStack gap="2" justify="space-between" wrap="wrap">
          <NativeSelect.Root size="xs" maxW="44">
            <NativeSelect.Field
              aria-label={t('reports.serviceLevel.filter')}
              data-testid="service-level-filter"
              value={serviceLevel ?? ''}
              onChange={(e) =>
                dispatch(serviceLevelFilterChanged((e.target.value || null) as 'near' | 'breached' | null))
              }
            >
              <option value="">{t('reports.serviceLevel.all')}</option>
              <option value="near">{t('reports.serviceLevel.atRisk')}</option>
              <option value="breached">{t('reports.serviceLevel.breached')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Switch.Root
            size="sm"
            checked={riskFirst}
            onCheckedChange={(e) => dispatch(riskFirstChanged(e.checked))}
            data-testid="risk-first"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('reports.serviceLevel.riskFirst')}</Switch.Label>
          </Switch.Root>
        </HStack>
      </Stack>
      {inbox.tab === 'open' && (
        <Tabs.Root
          value={inbox.subTab}
          onValueChange={(e) => dispatch(subTabChanged(e.value as 'open' | 'pending'))}
          size="sm"
          variant="enclosed"
          fitted
        >
          <Tabs.List m="2">
            <Tabs.Trigger value="open" data-testid="tab-assigned">
              {t('tickets.tabs.assigned')} <CountBadge count={counts.open} testId="count-open" />
            </Tabs.Trigger>
            <Tabs.Trigger value="pending" data-testid="tab-pending">
              {t('tickets.tabs.pending')} <CountBadge count={counts.pending} testId="count-pending" />
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      )}
      {inbox.tab === 'open' && (
        <>
          <TicketsList
            args={{ ...base, status: 'open' }}
            admin={admin}
            riskFirst={riskFirst}
            hidden={inbox.subTab !== 'open'}
            onCount={onOpenCount}
            onPeek={setPeek}
          />
          <TicketsList
            args={{ ...base, status: 'pending' }}
            admin={admin}
            riskFirst={riskFirst}
            hidden={inbox.subTab !== 'pending'}
            onCount={onPendingCount}
            onPeek={setPeek}
          />
        </>
      )}
      {inbox.tab === 'closed' && (
        <TicketsList args={{ ...base, status: 'closed' }} admin={admin} riskFirst={riskFirst} onPeek={setPeek} />
      )}
      {inbox.tab === 'search' && (
        <TicketsList
          args={{ ...base, searchParam: inbox.searchParam, tags: inbox.tagIds, users: inbox.userIds }}
          admin={admin}
          riskFirst={riskFirst}
          onPeek={setPeek}
        />
      )}
      {peek && <PeekDialog ticket={peek} onClose={() => setPeek(null)} />}
      {newTicketOpen && <NewTicketDialog onClose={() => setNewTicketOpen(false)} />}
    </Flex>
  );
}
