import { Card, Center, Heading, Progress, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Page } from '../../../components/page';
import { useLiveEvent } from '../../../components/use-live-event';
import { formatDateTime } from '../../../lib/format';
import { campaignsApi, useGetCampaignQuery } from '../api/campaigns-api';
import { CampaignFailures } from './campaign-failures';
import { progressPercent } from '../utils/campaign-form';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';

/** The report refreshes this long after a live update shows the campaign finished (spec §4). */
export const REPORT_REFRESH_AFTER_FINISH_MS = 5000;

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** `/campaign/{campaignId}/report`: status, progress and the spec's cards, live from `company-{id}-campaign`. */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const timeZone = useCompanyTimeZone();
  const { data: campaign, refetch } = useGetCampaignQuery(id, { skip: !Number.isInteger(id) || id <= 0 });

  useLiveEvent(channel.campaign(companyId), (event) => {
    if (event.action !== 'update' || event.record.id !== id) return;
    const record = event.record;
    dispatch(
      campaignsApi.util.updateQueryData('getCampaign', id, (draft) => ({
        ...draft,
        status: record.status,
        completedAt: record.completedAt,
        counts: record.counts,
      })),
    );
  });

  const finished = campaign?.status === 'FINALIZADA';
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => void refetch(), REPORT_REFRESH_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finished, refetch]);

  if (!campaign) {
    return (
      <Center h="full">
        <Spinner />
      </Center>
    );
  }
  const { counts } = campaign;
  const percent = progressPercent(counts);
  return (
    <Page title={t('campaignReport.title', { name: campaign.name })} testId="campaign-report">
      <Stack gap="4" overflow="auto">
        <Card.Root>
          <Card.Body>
            <Heading size="sm" data-testid="report-status">
              {t('campaignReport.status', {
                status: t(`campaigns.status.${campaign.status}`),
                delivered: counts.delivered,
                valid: counts.valid,
              })}
            </Heading>
            <Progress.Root value={percent} mt="3" colorPalette="teal" aria-label={`${percent}%`}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Card.Body>
        </Card.Root>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          <Figure label={t('campaignReport.valid')} value={counts.valid} testId="report-valid" />
          {campaign.confirmation && (
            <>
              <Figure
                label={t('campaignReport.confirmationRequested')}
                value={counts.confirmationRequested}
                testId="report-requested"
              />
              <Figure label={t('campaignReport.confirmed')} value={counts.confirmed} testId="report-confirmed" />
            </>
          )}
          <Figure label={t('campaignReport.delivered')} value={counts.delivered} testId="report-delivered" />
          <Figure label={t('campaignReport.failed')} value={counts.failed} testId="report-failed" />
          <Figure label={t('campaignReport.whatsapp')} value={campaign.whatsapp?.name ?? t('campaigns.notDefined')} />
          <Figure
            label={t('campaignReport.contactList')}
            value={campaign.contactList?.name ?? t('campaigns.notDefined')}
          />
          <Figure
            label={t('campaignReport.scheduledAt')}
            value={campaign.scheduledAt ? formatDateTime(campaign.scheduledAt, timeZone) : t('campaigns.notScheduled')}
          />
          <Figure
            label={t('campaignReport.completedAt')}
            value={campaign.completedAt ? formatDateTime(campaign.completedAt, timeZone) : t('campaigns.notCompleted')}
          />
        </SimpleGrid>
        <CampaignFailures campaignId={campaign.id} failed={counts.failed} />
      </Stack>
    </Page>
  );
}
