import { Button, HStack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { flattenPages } from '../../../api/paging';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { useLiveEvent } from '../../../components/use-live-event';
import { toastError } from '../../../lib/errors';
import {
  queueIntegrationsApi,
  type QueueIntegrationRecord,
  useDeleteQueueIntegrationMutation,
  useGetQueueIntegrationsPageInfiniteQuery,
} from '../api/queue-integrations-api';
import { IntegrationLogo } from './integration-logo';
import { QueueIntegrationDialog } from './queue-integration-dialog';

/** `/queue-integration` (plan useIntegrations): type logo, id, name; live from `company-{id}-queueIntegration`. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  const { data, isFetching, hasNextPage, fetchNextPage } = useGetQueueIntegrationsPageInfiniteQuery(searchParam);
  const [remove] = useDeleteQueueIntegrationMutation();
  const [editing, setEditing] = useState<QueueIntegrationRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegrationRecord | null>(null);
  const integrations = flattenPages(data?.pages, (page) => page.queueIntegrations);

  useLiveEvent(channel.queueIntegration(companyId), () =>
    dispatch(queueIntegrationsApi.util.invalidateTags(['IntegrationsPage', 'Integrations'])),
  );

  const confirmDelete = async (record: QueueIntegrationRecord) => {
    try {
      await remove(record.id).unwrap();
      notify('success', t('queueIntegrations.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page
      title={t('queueIntegrations.title')}
      search={{ value: search, onChange: setSearch }}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('queueIntegrations.add')}
        </Button>
      }
      testId="queue-integrations-page"
    >
      <ScrollArea
        loading={isFetching}
        hasMore={hasNextPage}
        onLoadMore={() => void fetchNextPage()}
        empty={integrations.length === 0}
      >
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">{t('queueIntegrations.type')}</Table.ColumnHeader>
              <Table.ColumnHeader w="16">{t('queueIntegrations.id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queueIntegrations.name')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {integrations.map((record) => (
              <Table.Row key={record.id} data-testid="integration-row">
                <Table.Cell>
                  <HStack>
                    <IntegrationLogo type={record.type} />
                  </HStack>
                </Table.Cell>
                <Table.Cell>{record.id}</Table.Cell>
                <Table.Cell fontWeight="semibold">{record.name}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    label={record.name}
                    onEdit={() => setEditing(record)}
                    onDelete={() => setDeleting(record)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && (
        <QueueIntegrationDialog record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('common.deleteConfirm')}
        body={deleting?.name ?? ''}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
