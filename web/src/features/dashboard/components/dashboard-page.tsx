import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { StarIcon } from '../../../components/icons';
import { useLiveEvent } from '../../../components/use-live-event';
import {
  dashboardApi,
  useGetDashboardQuery,
  useGetTicketsOfDayQuery,
  type Attendant,
  type DashboardArgs,
  type DashboardCounters,
} from '../api/dashboard-api';
import {
  dashboardParams,
  defaultFilter,
  formatDueDate,
  hourlySlots,
  isoDay,
  PERIODS,
  splitMinutes,
  stars,
  type DashboardFilter,
} from '../utils/dashboard';
import { HourlyChart } from './hourly-chart';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';
import { BreachesCard, reportDays } from './breaches-card';

/** Ticket events refresh the figures at most this often. */
export const LIVE_REFRESH_MS = 3000;

function Duration({ minutes }: { minutes: number | string | null | undefined }) {
  const { t } = useTranslation();
  return <>{t('dashboard.duration', splitMinutes(minutes))}</>;
}

/** A figure of the dashboard: a skeleton in its place while it loads (`undefined`), never a dash that reads as 0. */
function StatCard({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Stack gap="1" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h="9" w="20" aria-busy="true" data-testid={`${testId}-loading`} />
      ) : (
        <Text fontSize="2xl" fontWeight="bold" data-testid={`${testId}-value`}>
          {value}
        </Text>
      )}
    </Stack>
  );
}

function Rating({ value }: { value: Attendant['rating'] }) {
  const { t } = useTranslation();
  const count = stars(value);
  if (count === 0) return <Text color="fg.muted">{t('dashboard.noRating')}</Text>;
  const hint = t(`dashboard.ratings.${count}`);
  return (
    <HStack gap="0" title={hint} aria-label={hint} data-rating={count}>
      {[1, 2, 3].map((star) => (
        <StarIcon key={star} color={star <= count ? 'yellow.500' : 'fg.subtle'} />
      ))}
    </HStack>
  );
}

/**
 * `/` for admins: the filter (by date or by period), the cards (with today's tickets), the period's
 * tickets-per-hour chart and the attendants table. Refreshed live when the company's tickets change.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const companyId = user?.companyId ?? 0;
  // "today" and the month are the company's (the server reads the days in its zone), not the browser's
  const timeZone = useCompanyTimeZone();
  const [draft, setDraft] = useState<DashboardFilter>(() => defaultFilter(new Date(), timeZone));
  const [applied, setApplied] = useState<DashboardArgs | null>(() =>
    dashboardParams(defaultFilter(new Date(), timeZone)),
  );
  const [day] = useState(() => isoDay(new Date(), timeZone));
  const { data, currentData, isFetching } = useGetDashboardQuery(applied ?? {}, { skip: applied === null });
  const { data: today } = useGetTicketsOfDayQuery(day);
  const pendingRefresh = useRef<number | null>(null);

  useLiveEvent(channel.ticket(companyId), () => {
    if (pendingRefresh.current !== null) return;
    pendingRefresh.current = window.setTimeout(() => {
      pendingRefresh.current = null;
      dispatch(dashboardApi.util.invalidateTags(['Dashboard']));
    }, LIVE_REFRESH_MS);
  });
  useEffect(
    () => () => {
      if (pendingRefresh.current !== null) window.clearTimeout(pendingRefresh.current);
    },
    [],
  );

  const counters: Partial<DashboardCounters> = data?.counters ?? {};
  // skeletons while the first figures load; none at all without a filter (the notice says why)
  const loading = applied !== null && !data;
  const figure = (value: React.ReactNode) => (loading ? undefined : (value ?? null));
  const due = formatDueDate(user?.company?.dueDate);
  const set = <K extends keyof DashboardFilter>(key: K, value: DashboardFilter[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Box h="full" overflowY="auto" p={{ base: '2', md: '4' }} data-testid="dashboard-page">
      <Stack gap="4">
        <Heading size="lg">{t('dashboard.title')}</Heading>
        <Flex
          as="form"
          wrap="wrap"
          gap="3"
          align="flex-end"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          p="4"
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            setApplied(dashboardParams(draft));
          }}
          data-testid="dashboard-filter"
        >
          <Field.Root w={{ base: 'full', md: '48' }}>
            <Field.Label>{t('dashboard.filterType')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="filterType"
                value={draft.type}
                onChange={(e) => set('type', e.target.value === 'period' ? 'period' : 'date')}
              >
                <option value="date">{t('dashboard.byDate')}</option>
                <option value="period">{t('dashboard.byPeriod')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {draft.type === 'date' ? (
            <>
              <Field.Root w={{ base: 'full', md: '44' }}>
                <Field.Label>{t('dashboard.dateFrom')}</Field.Label>
                <Input
                  size="sm"
                  type="date"
                  name="dateFrom"
                  value={draft.dateFrom}
                  onChange={(e) => set('dateFrom', e.target.value)}
                />
              </Field.Root>
              <Field.Root w={{ base: 'full', md: '44' }}>
                <Field.Label>{t('dashboard.dateTo')}</Field.Label>
                <Input
                  size="sm"
                  type="date"
                  name="dateTo"
                  value={draft.dateTo}
                  onChange={(e) => set('dateTo', e.target.value)}
                />
              </Field.Root>
            </>
          ) : (
            <Field.Root w={{ base: 'full', md: '48' }}>
              <Field.Label>{t('dashboard.period')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="period"
                  value={String(draft.period)}
                  onChange={(e) => set('period', Number(e.target.value))}
                >
                  {PERIODS.map((days) => (
                    <option key={days} value={String(days)}>
                      {days === 0 ? t('dashboard.noPeriod') : t('dashboard.lastDays', { count: days })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          {/* spins while a newly asked period loads; the first load and live refreshes show in the cards */}
          <Button
            type="submit"
            size="sm"
            colorPalette="teal"
            loading={isFetching && data !== undefined && currentData === undefined}
          >
            {t('dashboard.filter')}
          </Button>
        </Flex>

        {applied === null && (
          <Text color="fg.warning" fontWeight="semibold" data-testid="dashboard-no-filter">
            {t('dashboard.setFilter')}
          </Text>
        )}

        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <StatCard
            label={t('dashboard.subscription')}
            value={due ?? t('dashboard.noDueDate')}
            testId="card-subscription"
          />
          <StatCard label={t('dashboard.ticketsToday')} value={today} testId="card-today" />
          <StatCard label={t('dashboard.pending')} value={figure(counters.supportPending)} testId="card-pending" />
          <StatCard
            label={t('dashboard.happening')}
            value={figure(counters.supportHappening)}
            testId="card-happening"
          />
          <StatCard label={t('dashboard.finished')} value={figure(counters.supportFinished)} testId="card-finished" />
          <StatCard label={t('dashboard.leads')} value={figure(counters.leads)} testId="card-leads" />
          <StatCard
            label={t('dashboard.avgSupport')}
            value={figure(data && <Duration minutes={counters.avgSupportTime} />)}
            testId="card-avg-support"
          />
          <StatCard
            label={t('dashboard.avgWait')}
            value={figure(data && <Duration minutes={counters.avgWaitTime} />)}
            testId="card-avg-wait"
          />
          {applied && <BreachesCard {...reportDays(applied, day)} />}
        </SimpleGrid>

        {data && <HourlyChart hours={hourlySlots(counters.ticketsPerHour)} />}
        {loading && <Skeleton h="60" borderRadius="md" aria-busy="true" data-testid="hourly-chart-loading" />}

        <Stack gap="2" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4">
          <Heading size="sm">{t('dashboard.attendants')}</Heading>
          <Table.Root size="sm" data-testid="attendants">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('dashboard.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.rating')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.avgSupportTime')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('dashboard.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading &&
                [1, 2, 3].map((row) => (
                  <Table.Row key={row} data-testid="attendant-loading">
                    {[1, 2, 3, 4].map((cell) => (
                      <Table.Cell key={cell}>
                        <Skeleton h="4" aria-busy="true" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              {(data?.attendants ?? []).map((attendant, i) => (
                <Table.Row key={attendant.id ?? i} data-testid="attendant-row">
                  <Table.Cell>{attendant.name}</Table.Cell>
                  <Table.Cell>
                    <Rating value={attendant.rating} />
                  </Table.Cell>
                  <Table.Cell>
                    <Duration minutes={attendant.avgSupportTime} />
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={attendant.online ? 'green' : 'gray'}>
                      {attendant.online ? t('dashboard.online') : t('dashboard.offline')}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      </Stack>
    </Box>
  );
}
