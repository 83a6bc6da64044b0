import { Card, Heading, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';
import { useGetCampaignFailuresQuery } from '../api/campaign-failures-api';

/** The report's failed contacts: name, number and the reason the connector gave (a refused template, ...). */
export function CampaignFailures({ campaignId, failed }: { campaignId: number; failed: number }) {
  const { t } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const { data } = useGetCampaignFailuresQuery({ id: campaignId, failed }, { skip: failed === 0 });
  if (failed === 0 || !data) return null;
  return (
    <Card.Root data-testid="campaign-failures">
      <Card.Body>
        <Heading size="sm" mb="2">
          {t('campaignFailures.title')}
        </Heading>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('campaignFailures.contact')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaignFailures.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaignFailures.reason')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaignFailures.at')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.failures.map((failure) => (
              <Table.Row key={failure.number} data-testid="campaign-failure">
                <Table.Cell>{failure.name}</Table.Cell>
                <Table.Cell>{failure.number}</Table.Cell>
                <Table.Cell>
                  <Text>{failure.reason ?? failure.error ?? ''}</Text>
                </Table.Cell>
                <Table.Cell>{formatDateTime(failure.failedAt, timeZone)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}
