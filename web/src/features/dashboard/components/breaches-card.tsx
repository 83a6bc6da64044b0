import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useGetReportQuery } from '../../../api/endpoints/reports';

const DAY = 86_400_000;
const shift = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The whole days of a dashboard query (`days`, or `date_from`/`date_to`, either open), as a report's period. */
export function reportDays(
  params: { days?: string; date_from?: string; date_to?: string },
  today: string,
): { from: string; to: string } {
  if (params.days) return { from: shift(today, 1 - Number(params.days)), to: today };
  const to = params.date_to ?? today;
  return { from: params.date_from ?? shift(to, -1099), to };
}

/** The dashboard's card of service-level breaches in its period (first response + resolution), from the report. */
export function BreachesCard({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const { data } = useGetReportQuery({ from, to, groupBy: 'none', period: 'total' });
  const row = data?.rows[0];
  const value = row ? row.breaches.firstResponse + row.breaches.resolution : 0;
  return (
    <Stack gap="1" bg="bg.panel" borderWidth="1px" borderRadius="md" p="4" data-testid="card-breaches">
      <Text fontSize="sm" color="fg.muted">
        {t('reports.breachesCard')}
      </Text>
      {data ? (
        <Text
          fontSize="2xl"
          fontWeight="bold"
          data-testid="card-breaches-value"
          color={value > 0 ? 'red.fg' : undefined}
        >
          {value}
        </Text>
      ) : (
        <Skeleton h="8" />
      )}
    </Stack>
  );
}
