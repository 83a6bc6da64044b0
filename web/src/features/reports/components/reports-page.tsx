import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  REPORT_GROUPS,
  REPORT_PERIODS,
  type ReportFigure,
  type ReportGroup,
  type ReportPeriod,
  type ReportRow,
} from '@cs/proto/http';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';
import { toastError } from '../../../lib/errors';
import { isoDay } from '../../dashboard/utils/dashboard';
import { type ReportArgs, useGetReportQuery, useGetReportTicketsInfiniteQuery } from '../../../api/endpoints/reports';
import { bucketLabel, downloadCsv, formatDuration, sumHistograms, volumesByPeriod } from '../utils/report-format';

/** Bars of labelled values (plain SVG-free boxes, as the dashboard's chart): one colour per series. */
function BarChart({
  title,
  testId,
  bars,
  series,
}: {
  title: string;
  testId: string;
  bars: Array<{ label: string; values: number[] }>;
  series: Array<{ name: string; color: string }>;
}) {
  const max = Math.max(1, ...bars.flatMap((bar) => bar.values));
  return (
    <Stack gap="2" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" data-testid={testId}>
      <HStack justify="space-between">
        <Heading size="sm">{title}</Heading>
        <HStack gap="3">
          {series.length > 1 &&
            series.map((s) => (
              <HStack key={s.name} gap="1">
                <Box w="3" h="3" bg={s.color} borderRadius="sm" />
                <Text fontSize="xs">{s.name}</Text>
              </HStack>
            ))}
        </HStack>
      </HStack>
      <Flex h="40" align="flex-end" gap="1" role="list">
        {bars.map((bar) => (
          <Flex
            key={bar.label}
            role="listitem"
            flex="1"
            minW="0"
            h="full"
            align="flex-end"
            gap="px"
            title={`${bar.label}: ${bar.values.join(' / ')}`}
            aria-label={`${bar.label}: ${bar.values.join(' / ')}`}
          >
            {bar.values.map((value, i) => (
              <Box
                key={series[i]?.name ?? i}
                flex="1"
                bg={series[i]?.color ?? 'brand.500'}
                borderTopRadius="sm"
                style={{ height: `${(value / max) * 100}%` }}
              />
            ))}
          </Flex>
        ))}
      </Flex>
      <Flex gap="1">
        {bars.map((bar, i) => (
          <Text key={bar.label} flex="1" minW="0" fontSize="2xs" color="fg.muted" textAlign="center" truncate>
            {bars.length <= 16 || i % Math.ceil(bars.length / 12) === 0 ? bar.label : ''}
          </Text>
        ))}
      </Flex>
    </Stack>
  );
}

/** The tickets behind one figure, with their CSV. */
function DrillDown({
  args,
  title,
  onClose,
}: {
  args: ReportArgs & { key?: number | undefined; figure: ReportFigure };
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { groupBy, from, to, key, figure, businessHours } = args;
  const query = { from, to, groupBy, key: groupBy === 'none' ? undefined : key, figure, businessHours };
  const tickets = useGetReportTicketsInfiniteQuery(query);
  const rows = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="report-drill-down">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="sm">{title}</Heading>
        <HStack>
          <Button
            size="xs"
            variant="outline"
            data-testid="report-drill-down-csv"
            onClick={() =>
              void downloadCsv('/reports/tickets/export', query, `atendimentos-${figure}-${from}-${to}.csv`).catch(
                toastError,
              )
            }
          >
            <DownloadIcon /> CSV
          </Button>
          <Button size="xs" variant="ghost" onClick={onClose}>
            {t('reports.close')}
          </Button>
        </HStack>
      </HStack>
      <ScrollArea
        loading={tickets.isFetching}
        hasMore={tickets.hasNextPage}
        onLoadMore={() => void tickets.fetchNextPage()}
        empty={!tickets.isFetching && rows.length === 0}
        endMessage={rows.length === 0 ? t('reports.noTickets') : undefined}
      >
        <Table.Root size="sm" data-testid="report-drill-down-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>#</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.contact')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.agent')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.queue')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.openedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.closedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.firstResponse')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.resolution')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reports.rating')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.cycleId} data-testid={`report-ticket-${row.ticketId}`}>
                <Table.Cell>{row.ticketId}</Table.Cell>
                <Table.Cell>{row.contactName}</Table.Cell>
                <Table.Cell>{row.agent ?? '—'}</Table.Cell>
                <Table.Cell>{row.queue ?? '—'}</Table.Cell>
                <Table.Cell>{row.openedAt}</Table.Cell>
                <Table.Cell>{row.closedAt ?? '—'}</Table.Cell>
                <Table.Cell color={row.frtBreached ? 'red.fg' : undefined}>
                  {formatDuration(row.firstResponseSeconds)}
                </Table.Cell>
                <Table.Cell color={row.resBreached ? 'red.fg' : undefined}>
                  {formatDuration(row.resolutionSeconds)}
                </Table.Cell>
                <Table.Cell>{row.rate ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
    </Stack>
  );
}

/**
 * `/reports` (admins): the figures of a period in the company's time zone, by agent, queue, tag or connection and
 * by day, week or month, durations on the clock or in business hours only; charts of the volumes, the first-response distribution and the ratings; the table
 * beneath, whose figures open the tickets behind them; CSV of the table and of those tickets.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const [args, setArgs] = useState<ReportArgs>(() => {
    const today = isoDay(new Date(), timeZone);
    return { from: `${today.slice(0, 8)}01`, to: today, groupBy: 'agent', period: 'total' };
  });
  const [drill, setDrill] = useState<{ row: ReportRow; figure: ReportFigure } | null>(null);
  const report = useGetReportQuery(args);
  const rows = report.data?.rows ?? [];
  const set = (patch: Partial<ReportArgs>) => {
    setDrill(null);
    setArgs((current) => ({ ...current, ...patch }));
  };
  const byPeriod = useGetReportQuery(
    { ...args, groupBy: 'none', period: args.period === 'total' ? 'day' : args.period },
    { skip: !report.data },
  );
  const volumes = volumesByPeriod(byPeriod.data?.rows ?? []);
  const firstResponse = sumHistograms(rows.map((row) => row.firstResponse));
  const ratings = [1, 2, 3].map((rate) =>
    rows.reduce((sum, row) => sum + row.ratings[`rate${rate}` as 'rate1' | 'rate2' | 'rate3'], 0),
  );

  const figure = (row: ReportRow, name: ReportFigure, value: number) => (
    <Button
      size="xs"
      variant="plain"
      px="0"
      disabled={value === 0}
      data-testid={`report-figure-${row.key ?? 'all'}-${row.period ?? 'total'}-${name}`}
      onClick={() => setDrill({ row, figure: name })}
    >
      {value}
    </Button>
  );

  const select = <T extends string>(name: string, value: T, options: readonly T[], onChange: (value: T) => void) => (
    <Field.Root>
      <Field.Label>{t(`reports.${name}`)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          data-testid={`report-${name}`}
          value={value}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`reports.${name}Options.${String(option)}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Page
      title={t('menu.reports')}
      testId="reports-page"
      actions={
        <Button
          size="sm"
          variant="outline"
          data-testid="report-csv"
          onClick={() =>
            void downloadCsv(
              '/reports/export',
              { ...args },
              `relatorio-${args.groupBy}-${args.from}-${args.to}.csv`,
            ).catch(toastError)
          }
        >
          <DownloadIcon /> CSV
        </Button>
      }
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Field.Root>
          <Field.Label>{t('reports.from')}</Field.Label>
          <Input
            size="sm"
            type="date"
            data-testid="report-from"
            value={args.from}
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('reports.to')}</Field.Label>
          <Input
            size="sm"
            type="date"
            data-testid="report-to"
            value={args.to}
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </Field.Root>
        {select<ReportGroup>('groupBy', args.groupBy, REPORT_GROUPS, (groupBy) => set({ groupBy }))}
        {select<ReportPeriod>('period', args.period, REPORT_PERIODS, (period) => set({ period }))}
      </SimpleGrid>
      <Checkbox.Root
        size="sm"
        data-testid="report-business-hours"
        checked={args.businessHours === true}
        onCheckedChange={(e) => set({ businessHours: e.checked === true })}
      >
        <Checkbox.HiddenInput name="businessHours" />
        <Checkbox.Control />
        <Checkbox.Label>{t('reports.businessHours')}</Checkbox.Label>
      </Checkbox.Root>
      {report.isLoading ? (
        <PageLoader />
      ) : report.isError ? (
        <Text color="red.fg" data-testid="report-error">
          {t('reports.error')}
        </Text>
      ) : (
        <Stack gap="3" overflowY="auto" minH="0" flex="1">
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="3">
            <BarChart
              title={t('reports.volumes')}
              testId="report-chart-volumes"
              bars={volumes.map((v) => ({ label: v.period.slice(5), values: [v.opened, v.closed] }))}
              series={[
                { name: t('reports.opened'), color: 'brand.500' },
                { name: t('reports.closed'), color: 'green.500' },
              ]}
            />
            <BarChart
              title={t('reports.firstResponseDistribution')}
              testId="report-chart-first-response"
              bars={firstResponse.map((count, i) => ({
                label: bucketLabel(report.data?.buckets ?? [], i),
                values: [count],
              }))}
              series={[{ name: t('reports.firstResponse'), color: 'orange.500' }]}
            />
            <BarChart
              title={t('reports.ratings')}
              testId="report-chart-ratings"
              bars={ratings.map((count, i) => ({ label: String(i + 1), values: [count] }))}
              series={[{ name: t('reports.ratings'), color: 'purple.500' }]}
            />
          </SimpleGrid>
          {drill && (
            <DrillDown
              args={{ ...args, key: drill.row.key ?? undefined, figure: drill.figure }}
              title={`${drill.row.name}${drill.row.period ? ` (${drill.row.period})` : ''}: ${t(`reports.figures.${drill.figure}`)}`}
              onClose={() => setDrill(null)}
            />
          )}
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="report-table">
              <Table.Header>
                <Table.Row>
                  {args.period !== 'total' && <Table.ColumnHeader>{t('reports.periodColumn')}</Table.ColumnHeader>}
                  <Table.ColumnHeader>{t(`reports.groupByOptions.${args.groupBy}`)}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.opened')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.reopened')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.closed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.firstResponseMedianP90')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.resolutionMedianP90')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.waitAvg')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.messages')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.ratings')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.online')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.breaches')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={`${row.period}|${row.key}`} data-testid={`report-row-${row.key ?? 'all'}`}>
                    {args.period !== 'total' && <Table.Cell>{row.period}</Table.Cell>}
                    <Table.Cell>{row.name}</Table.Cell>
                    <Table.Cell>{figure(row, 'opened', row.opened)}</Table.Cell>
                    <Table.Cell>{figure(row, 'reopened', row.reopened)}</Table.Cell>
                    <Table.Cell>{figure(row, 'closed', row.closed)}</Table.Cell>
                    <Table.Cell>
                      {formatDuration(row.firstResponse.median)} / {formatDuration(row.firstResponse.p90)}
                    </Table.Cell>
                    <Table.Cell>
                      {formatDuration(row.resolution.median)} / {formatDuration(row.resolution.p90)}
                    </Table.Cell>
                    <Table.Cell>{formatDuration(row.wait.avg)}</Table.Cell>
                    <Table.Cell>{row.received === null ? '—' : `${row.received} / ${row.sent}`}</Table.Cell>
                    <Table.Cell>
                      {figure(row, 'rated', row.ratings.rate1 + row.ratings.rate2 + row.ratings.rate3)}
                      {row.ratings.responseRate !== null && ` (${Math.round(row.ratings.responseRate * 100)}%)`}
                    </Table.Cell>
                    <Table.Cell>{row.onlineSeconds === null ? '—' : formatDuration(row.onlineSeconds)}</Table.Cell>
                    <Table.Cell>
                      {figure(row, 'frtBreached', row.breaches.firstResponse)} /{' '}
                      {figure(row, 'resBreached', row.breaches.resolution)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {rows.length === 0 && (
              <Text color="fg.muted" p="3">
                {t('reports.empty')}
              </Text>
            )}
          </Box>
        </Stack>
      )}
    </Page>
  );
}
