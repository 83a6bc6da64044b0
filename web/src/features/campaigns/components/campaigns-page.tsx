import { Badge, Button, Dialog, IconButton, Portal, Table, Text } from '@chakra-ui/react';
import { ChartBar, CirclePause, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { toastError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  campaignsApi,
  useCancelCampaignMutation,
  useDeleteCampaignMutation,
  useGetCampaignsPageInfiniteQuery,
  useRestartCampaignMutation,
} from '../api/campaigns-api';
import { DISCLAIMER_KEY } from '../utils/campaign-form';
import { CampaignDialog } from './campaign-dialog';
import { useCompanyTimeZone } from '../../../components/use-company-time-zone';

const STATUS_COLOR: Record<string, string> = {
  INATIVA: 'gray',
  PROGRAMADA: 'blue',
  EM_ANDAMENTO: 'orange',
  CANCELADA: 'red',
  FINALIZADA: 'green',
};

const accepted = (): boolean => {
  try {
    return window.localStorage.getItem(DISCLAIMER_KEY) === 'true';
  } catch {
    return false;
  }
};

/** `/campaigns`: search, infinite list, actions; live from `company-{id}-campaign`. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const timeZone = useCompanyTimeZone();
  const [remove] = useDeleteCampaignMutation();
  const {
    search,
    records: campaigns,
    scroll,
    editing,
    setEditing,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetCampaignsPageInfiniteQuery,
    pick: (page) => page.records,
    live: { event: channel.campaign(companyId), invalidate: () => campaignsApi.util.invalidateTags(['Campaigns']) },
    remove: { run: (campaign) => remove(campaign.id).unwrap(), done: t('campaigns.deleted') },
  });
  const [cancel] = useCancelCampaignMutation();
  const [restart] = useRestartCampaignMutation();
  const [disclaimer, setDisclaimer] = useState(() => !accepted());

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify('success', success);
    } catch (error) {
      toastError(error);
    }
  };

  const accept = () => {
    try {
      window.localStorage.setItem(DISCLAIMER_KEY, 'true');
    } catch {
      // storage disabled: shown again next time
    }
    setDisclaimer(false);
  };

  return (
    <Page
      title={t('campaigns.title')}
      search={search}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => void navigate('/contact-lists')}>
            {t('campaigns.links.contactLists')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void navigate('/campaigns-config')}>
            {t('campaigns.links.settings')}
          </Button>
          <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')} data-testid="campaign-add">
            <AddIcon /> {t('campaigns.add')}
          </Button>
        </>
      }
      testId="campaigns-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('campaigns.columns.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaigns.columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('campaigns.columns.contactList')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('campaigns.columns.whatsapp')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="lg">{t('campaigns.columns.scheduledAt')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="lg">{t('campaigns.columns.completedAt')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('campaigns.columns.confirmation')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {campaigns.map((campaign) => (
              <Table.Row key={campaign.id} data-testid="campaign-row">
                <Table.Cell>{campaign.name}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLOR[campaign.status]} data-testid="campaign-status">
                    {t(`campaigns.status.${campaign.status}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell hideBelow="md">{campaign.contactList?.name ?? t('campaigns.notDefined')}</Table.Cell>
                <Table.Cell hideBelow="md">{campaign.whatsapp?.name ?? t('campaigns.notDefined')}</Table.Cell>
                <Table.Cell hideBelow="lg">
                  {campaign.scheduledAt ? formatDateTime(campaign.scheduledAt, timeZone) : t('campaigns.notScheduled')}
                </Table.Cell>
                <Table.Cell hideBelow="lg">
                  {campaign.completedAt ? formatDateTime(campaign.completedAt, timeZone) : t('campaigns.notCompleted')}
                </Table.Cell>
                <Table.Cell hideBelow="md">
                  {campaign.confirmation ? t('campaigns.enabled') : t('campaigns.disabled')}
                </Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={campaign.name}
                    onEdit={() => setEditing(campaign)}
                    onDelete={() => setDeleting(campaign)}
                  >
                    {campaign.status === 'EM_ANDAMENTO' && (
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t('campaigns.actions.stop')}
                        onClick={() => void run(() => cancel(campaign.id).unwrap(), t('campaigns.cancelled'))}
                      >
                        <CirclePause />
                      </IconButton>
                    )}
                    {campaign.status === 'CANCELADA' && (
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t('campaigns.actions.restart')}
                        onClick={() => void run(() => restart(campaign.id).unwrap(), t('campaigns.restarted'))}
                      >
                        <RotateCcw />
                      </IconButton>
                    )}
                    {campaign.status !== 'INATIVA' && (
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t('campaigns.actions.report')}
                        onClick={() => void navigate(`/campaign/${campaign.id}/report`)}
                      >
                        <ChartBar />
                      </IconButton>
                    )}
                  </RowActions>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <CampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('campaigns.deleteTitle')} body={t('common.deleteConfirm')} />
      <Dialog.Root open={disclaimer} onOpenChange={(e) => !e.open && accept()} size="md" role="alertdialog">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="campaigns-disclaimer">
              <Dialog.Header>
                <Dialog.Title>{t('campaigns.disclaimer.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{t('campaigns.disclaimer.body')}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button colorPalette="teal" onClick={accept}>
                  {t('campaigns.disclaimer.accept')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Page>
  );
}
