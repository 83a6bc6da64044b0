import { Button, HStack, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { channel } from '@cs/proto/realtime';
import { useAppSelector } from '../../../app/hooks';
import { AutomationStatus } from '../../../components/automation-status';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { Page, ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { useManagedList } from '../../../components/use-managed-list';
import {
  queueIntegrationsApi,
  useDeleteQueueIntegrationMutation,
  useGetQueueIntegrationsPageInfiniteQuery,
} from '../api/queue-integrations-api';
import { IntegrationLogo } from './integration-logo';
import { QueueIntegrationDialog } from './queue-integration-dialog';

/**
 * `/queue-integration` (plan useIntegrations): type logo, id, name and status (credentials to enter again, the last
 * failure); live from `company-{id}-queueIntegration`.
 */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const companyId = useAppSelector((s) => s.session.user?.companyId ?? 0);
  const [remove] = useDeleteQueueIntegrationMutation();
  const {
    search,
    records: integrations,
    scroll,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetQueueIntegrationsPageInfiniteQuery,
    pick: (page) => page.queueIntegrations,
    live: {
      event: channel.queueIntegration(companyId),
      invalidate: () => queueIntegrationsApi.util.invalidateTags(['IntegrationsPage', 'Integrations']),
    },
    remove: { run: (record) => remove(record.id).unwrap(), done: t('queueIntegrations.deleted') },
  });

  return (
    <Page
      title={t('queueIntegrations.title')}
      search={search}
      actions={
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('queueIntegrations.add')}
        </Button>
      }
      testId="queue-integrations-page"
    >
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">{t('queueIntegrations.type')}</Table.ColumnHeader>
              <Table.ColumnHeader w="16">{t('queueIntegrations.id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('queueIntegrations.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('automationStatus.column')}</Table.ColumnHeader>
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
                  <AutomationStatus lastError={record.lastError} keyUnreadable={record.keyUnreadable} />
                </Table.Cell>
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
      <ConfirmDialog {...confirmDelete} title={t('common.deleteConfirm')} body={deleting?.name ?? ''} />
    </Page>
  );
}
